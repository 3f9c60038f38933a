/**
 * The example bank's lines and the examples' vote, on small documents. The bank's
 * coverage over the real data: server/search/example-bank.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { AlignIndex } from './align';
import { ExampleBank, parseExamples, placeExamples, placeOwnExamples, placingExamples, type BankExample } from './examples';
import type { SearchDocument } from './rank';

describe('the bank’s lines and what is shown', () => {
  it('refuses a malformed line, naming the file and line', () => {
    expect(() => parseExamples('{"code":"1.OA.A.1"}\n', 'x.jsonl')).toThrow('x.jsonl:1: an example needs code, uuid, form, grade and text');
    expect(() => parseExamples('\n{oops', 'x.jsonl')).toThrow('x.jsonl:2: not a JSON line');
    const line = (form: string, grade = '3') => JSON.stringify({ code: 'A', uuid: 'u', form, grade, text: 'A text of some length.' });
    expect(() => parseExamples(line('poem'), 'y.jsonl')).toThrow('y.jsonl:1: unknown form "poem"');
    expect(() => parseExamples(line('heading', '13'), 'y.jsonl')).toThrow('unknown grade "13"');
    expect(parseExamples(`${line('I can')}\n\n`, 'z.jsonl')).toHaveLength(1);
  });

  it('shows a few examples, one of each form, word problems first; an identical match’s where it has none', () => {
    const e = (form: BankExample['form'], text: string, uuid = 'cc'): BankExample => ({ code: '3.OA.A.1', uuid, form, grade: '3', text });
    const small = new ExampleBank([
      e('I can', 'I can a'),
      e('word problem', 'story 1'),
      e('word problem', 'story 2'),
      e('heading', 'Heading'),
    ]);
    expect(small.shown('cc').map((x) => x.text)).toEqual(['story 1', 'Heading', 'I can a']);
    expect(small.shown('state', ['other', 'cc'], 2).map((x) => x.text)).toEqual(['story 1', 'Heading']);
    expect(small.shown('state')).toEqual([]);
  });
});

const doc = (description: string, more: Partial<SearchDocument> = {}): SearchDocument => ({ description, ...more });

describe('the examples’ vote', () => {
  const documents = [
    doc('Solve problems with equal groups, arrays and measurement quantities.', { statementCode: 'MULT' }),
    doc('Tell and write time from analog and digital clocks.', { statementCode: 'TIME' }),
    doc('Recognize and draw shapes having specified attributes.', { statementCode: 'SHAPES' }),
  ];
  const ids = ['u-mult', 'u-time', 'u-shapes'];
  const exampleBankOf = (uuid: string, code: string, texts: string[]) =>
    texts.map((text): BankExample => ({ code, uuid, form: 'word problem', grade: '3', text }));
  const smallBank = new ExampleBank([
    ...exampleBankOf('u-mult', 'MULT', [
      'Each lunch table seats 6 kids and there are 4 tables. How many kids can sit down?',
      'Grandpa plants 5 rows of tulips with 7 tulips in each row.',
      'Packs of juice boxes hold 8. Ms. Lee buys 3 packs for the picnic.',
    ]),
    ...exampleBankOf('u-time', 'TIME', ['The bus leaves at 7:45 in the morning.', 'What time does the movie start?']),
  ]);
  const index = () => {
    const aligner = AlignIndex.build(documents);
    aligner.useExamples(placeExamples(smallBank, ids));
    return aligner;
  };

  it('finds a standard from its examples where the text shares none of its words, and says which example', () => {
    const text = 'The picnic tables each seat 6 kids. How many kids fit at 3 tables?';
    expect(AlignIndex.build(documents).align(text, 3)).toEqual([]);
    const [first] = index().align(text, 3);
    expect(documents[first!.doc]!.statementCode).toBe('MULT');
    expect(first!.example).toEqual({
      text: 'Each lunch table seats 6 kids and there are 4 tables. How many kids can sit down?',
      own: false,
    });
    expect(index().align(text, 3, undefined, { examples: false })).toEqual([]);
  });

  it('places examples through an identical match where the standard has none of its own', () => {
    const placed = placeExamples(smallBank, ['state-mult', 'u-time'], (doc) => (doc === 0 ? ['elsewhere', 'u-mult'] : []));
    expect(placed.filter((p) => p.doc === 0)).toHaveLength(3);
    expect(placed.filter((p) => p.doc === 1)).toHaveLength(2);
  });

  it('places them a document at a time where a page builds in slices, the same as at once', () => {
    const identical = (doc: number) => (doc === 0 ? ['elsewhere', 'u-mult'] : []);
    const ids = ['state-mult', 'u-time', 'not-in-the-bank'];
    const steps = placingExamples(smallBank, ids, identical);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields++;
    expect(yields).toBe(ids.length);
    expect(step.value).toEqual(placeExamples(smallBank, ids, identical));
    expect(step.value).toHaveLength(5);
  });

  it("counts a teacher's own example, says so, and leaves out examples of standards not in the framework", () => {
    const text = 'Draw a shape with exactly three corners and three straight sides.';
    const own = placeOwnExamples(ids, [
      { standard: 'u-shapes', text: 'Draw a figure with three corners and three straight sides, then one with four.' },
      { standard: 'not-here', text: 'Draw a shape with three corners.' },
    ]);
    expect(own).toEqual([{ doc: 2, text: 'Draw a figure with three corners and three straight sides, then one with four.', own: true }]);
    const [first] = index().align(text, 3, undefined, { own });
    expect(documents[first!.doc]!.statementCode).toBe('SHAPES');
    expect(first!.example).toEqual({ text: own[0]!.text, own: true });
    // With a grade or filter leaving the standard out, its examples do not vote.
    expect(
      index()
        .align(text, 3, (d) => d !== 2, { own })
        .map((a) => a.doc),
    ).not.toContain(2);
  });

  it('stays quiet on text with no words (symbols, numbers alone)', () => {
    expect(index().align('+ - = 3 4 5 ?', 3)).toEqual([]);
  });
});
