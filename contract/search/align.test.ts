import { describe, expect, it } from 'vitest';
import { AlignIndex, MAX_ALIGN_TEXT } from './align';
import type { SearchDocument } from './rank';

const doc = (description: string, more: Partial<SearchDocument> = {}): SearchDocument => ({ description, ...more });
const codes = (docs: SearchDocument[], text: string, limit = 10) =>
  AlignIndex.build(docs)
    .align(text, limit)
    .map((a) => docs[a.doc]!.statementCode ?? a.doc);

const FRAMEWORK: SearchDocument[] = [
  doc('Geometry', { grouping: true, statementCode: 'G' }),
  doc('Prove theorems about lines and angles, such as vertical angles are congruent.', { statementCode: 'G.1', parent: 0 }),
  doc('Know the formulas for the area and circumference of a circle.', { statementCode: 'G.2', parent: 0 }),
  doc('Measure angles in whole-number degrees using a protractor. Sketch angles of specified measure.', {
    statementCode: 'G.3',
    parent: 0,
  }),
  doc('Statistics', { grouping: true, statementCode: 'S' }),
  doc('Construct and interpret scatter plots for bivariate measurement data.', { statementCode: 'S.1', parent: 4 }),
  doc('Informally fit a straight line to a scatter plot; judge the fit by how close the points are to the line.', {
    statementCode: 'S.2',
    parent: 4,
  }),
  doc('Tell and write time in hours and half-hours using analog and digital clocks.', { statementCode: 'T.1' }),
];

describe('alignment', () => {
  it('reads the whole text: its subject may come after a long story', () => {
    const story = 'Maya and her brother went to the fair on Saturday with their grandmother and her neighbour. '.repeat(8);
    expect(codes(FRAMEWORK, `${story} What time does the analog clock show, to the half hour?`)[0]).toBe('T.1');
  });

  it('weighs a pair of words standing together in a standard above the same words apart', () => {
    const docs = [
      doc('Vertical lines and angles; angles and vertical lines.', { statementCode: 'apart' }),
      doc('Vertical angles are congruent, in a figure of lines.', { statementCode: 'together' }),
    ];
    // Both hold "vertical" and "angles"; only one as the pair the text says.
    expect(codes(docs, 'Show that the two vertical angles are equal.')[0]).toBe('together');
  });

  it('does not count function words: a story full of "how", "than" and "up" finds its subject', () => {
    const docs = [
      doc('Compare how many more or less than, up to ten.', { statementCode: 'filler' }),
      doc('Find the area of a circle from its radius.', { statementCode: 'area' }),
    ];
    expect(codes(docs, 'How much more than before? Up to how many? What is the area of a circle with radius 3?')[0]).toBe('area');
  });

  it("counts the headings above a standard, its skills and its components' text, below its own", () => {
    const docs = [
      doc('Bivariate data', { grouping: true }),
      doc('Investigate patterns of association.', { parent: 0, statementCode: 'by heading' }),
      doc('Investigate patterns.', { statementCode: 'by skill', skills: ['Read a bivariate table'] }),
      doc('Investigate data.', { statementCode: 'by nothing' }),
    ];
    expect(codes(docs, 'bivariate data patterns')).toEqual(['by heading', 'by skill', 'by nothing']);
    const parent = [doc('Understand fractions.', { statementCode: 'parent' }), doc('Locate 1/4 on a number line diagram.', { parent: 0 })];
    expect(codes(parent, 'Mark one fourth on the number line diagram.')).toContain('parent');
  });

  it('answers standards only, one per code and text, within a filter and a limit', () => {
    const docs = [
      doc('Fractions', { grouping: true }),
      doc('Add fractions with like denominators.', { statementCode: 'A' }),
      doc('Add fractions with like denominators.', { statementCode: 'A' }),
      doc('Add fractions with unlike denominators.', { statementCode: 'B' }),
    ];
    const index = AlignIndex.build(docs);
    expect(index.align('add fractions denominators', 10).map((a) => a.doc)).toEqual([1, 3]);
    expect(index.align('add fractions denominators', 10, (d) => d !== 1).map((a) => a.doc)).toEqual([3]);
    expect(index.align('add fractions denominators', 1)).toHaveLength(1);
    expect(index.align('zebra', 10)).toEqual([]);
    expect(index.align('', 10)).toEqual([]);
  });

  it('scores relative to the first, and names the telling words shared and the skills holding them', () => {
    const docs = [
      doc('Find the area of rectangles.', { skills: ['Multiply side lengths to find the area of a rectangle', 'Tile a rectangle'] }),
      doc('Find the perimeter of polygons.'),
    ];
    const [first, second] = AlignIndex.build(docs).align('What is the area of this Rectangle? Find it.', 10);
    expect(first!.score).toBe(1);
    expect(second!.score).toBeLessThan(1);
    expect(first!.words).toEqual(expect.arrayContaining(['rectangle', 'area']));
    expect(first!.words).not.toContain('what');
    expect(first!.skills).toEqual([0, 1]);
  });

  it('reads at most MAX_ALIGN_TEXT characters', () => {
    const text = `${'apple '.repeat(MAX_ALIGN_TEXT / 6)} clocks`;
    expect(codes(FRAMEWORK, text)).not.toContain('T.1');
  });

  it('builds the same index in steps as at once, and survives hostile outlines', () => {
    const steps = AlignIndex.building(FRAMEWORK);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields++;
    expect(yields).toBeGreaterThanOrEqual(FRAMEWORK.length);
    const text = 'scatter plot of the points and a straight line that fits them';
    expect(step.value.align(text, 5)).toEqual(AlignIndex.build(FRAMEWORK).align(text, 5));
    expect(codes(FRAMEWORK, text).slice(0, 2)).toEqual(['S.2', 'S.1']);
    // A cycle and parents that point nowhere: no hang, no throw.
    const cycle = [
      doc('a line', { parent: 1 }),
      doc('a plot', { parent: 0 }),
      doc('a plot line', { parent: 99 }),
      doc('x', { parent: -3 }),
    ];
    expect(AlignIndex.build(cycle).align('plot line', 5).length).toBeGreaterThan(0);
    // A 190 KB heading above 5,000 standards: each borrows its first words, not all of them.
    const huge = [doc(`${'ratio proportion rate '.repeat(9000)} unit`, { grouping: true })];
    for (let i = 0; i < 5000; i++) huge.push(doc(`Standard ${i} about rates`, { parent: 0 }));
    expect(AlignIndex.build(huge).align('ratio and rate', 3)).toHaveLength(3);
  });
});
