import { describe, expect, it } from 'vitest';
import { everyWordFirst, markedRanges, wordsHeld } from './marks';
import { SearchIndex, type SearchDocument } from './rank';
import { stem } from './stem';
import { termsOf, tokens } from './tokens';

describe('the Porter stemmer', () => {
  // Pairs from the paper's own examples (steps 1–5).
  it.each([
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['cats', 'cat'],
    ['feed', 'feed'],
    ['agreed', 'agre'],
    ['plastered', 'plaster'],
    ['motoring', 'motor'],
    ['conflated', 'conflat'],
    ['hopping', 'hop'],
    ['filing', 'file'],
    ['happy', 'happi'],
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['generalization', 'gener'],
    ['triplicate', 'triplic'],
    ['hopeful', 'hope'],
    ['revival', 'reviv'],
    ['adjustment', 'adjust'],
    ['adoption', 'adopt'],
    ['controll', 'control'],
  ])('%s → %s', (word, expected) => expect(stem(word)).toBe(expected));

  it('keeps apart the words it would join across meanings: "meaning" is not the statistical "mean"', () => {
    expect(stem('meaning')).not.toBe(stem('mean'));
    expect(stem('meanings')).toBe(stem('meaning'));
    expect(stem('means')).toBe(stem('mean'));
  });

  it('makes one term of the forms a teacher types', () => {
    expect(stem('fractions')).toBe(stem('fraction'));
    expect(stem('fractional')).toBe(stem('fraction'));
    expect(stem('dividing')).toBe(stem('divide'));
    expect(stem('equations')).toBe(stem('equation'));
    // The paper cuts "adding" to "ad"; the standards write "Add".
    expect(stem('adding')).toBe(stem('add'));
    expect(stem('added')).toBe(stem('adds'));
    expect(stem('fitting')).toBe(stem('fit'));
  });
});

describe('terms', () => {
  it('folds case and accents, skips LaTeX commands, and writes number words as digits', () => {
    expect(termsOf('Geometría: $\\frac{1}{2}$ of TEN')).toEqual(['geometria', '1', '2', 'of', '10']);
    expect(termsOf('nearest ten')).toEqual(termsOf('nearest 10'));
  });

  it('keeps where each word stands, for marking', () => {
    expect(tokens('Unit fractions')).toEqual([
      { term: 'unit', word: 'unit', start: 0, end: 4 },
      { term: 'fraction', word: 'fractions', start: 5, end: 14 },
    ]);
  });
});

const doc = (description: string, more: Partial<SearchDocument> = {}): SearchDocument => ({ description, ...more });
const rank = (docs: SearchDocument[], query: string, limit = 10) => new SearchIndex(docs).search(query, limit);

describe('the ranking', () => {
  it('puts items holding every word before items holding some, whatever their scores', () => {
    const docs = [
      doc('Measure lengths by iterating length units; units units units.'),
      doc('Build fractions from unit fractions.'),
      doc('Fractions fractions fractions.'),
    ];
    const found = rank(docs, 'unit fractions');
    expect(found[0]).toMatchObject({ doc: 1, words: 2, of: 2 });
    expect(found.slice(1).every((r) => r.words === 1)).toBe(true);
  });

  it('scores a heading below a standard that matches as well, and counts the heading for the items under it', () => {
    const docs = [
      doc('Understand the place value system.', { grouping: true }),
      doc('Read, write, and compare decimals to thousandths.', { parent: 0 }),
      doc('Compare two decimals.'),
    ];
    const found = rank(docs, 'decimal place value');
    expect(found[0]).toMatchObject({ doc: 1, words: 3 }); // "place value" through its heading
    expect(found.find((r) => r.doc === 0)!.words).toBe(2);
  });

  it('weighs a phrase: all the words together, in order, first', () => {
    const docs = [doc('Volume of a sphere; cylinders; cones.'), doc('Solve problems with the volume of cylinders, cones and spheres.')];
    expect(rank(docs, 'volume of cylinders cones and spheres')[0]!.doc).toBe(1);
  });

  it('finds through skills, below the standard’s own words, and says which skill', () => {
    const docs = [
      doc('Understand subtraction as an unknown-addend problem.', {
        skills: ['Add within 10', 'Know that subtraction is the inverse of addition'],
      }),
      doc('Use the inverse relationship in equations.'),
    ];
    const found = rank(docs, 'inverse');
    expect(found.map((r) => r.doc)).toEqual([1, 0]);
    expect(found[1]!.viaSkill).toBe(1);
    expect(found[0]!.viaSkill).toBeUndefined();
  });

  it('folds one standard placed under several courses into one result', () => {
    const docs = [
      doc('Course A'),
      doc('Use volume formulas.', { statementCode: 'G.1', parent: 0 }),
      doc('Course B'),
      doc('Use volume formulas.', { statementCode: 'G.1', parent: 2 }),
    ];
    const found = rank(docs, 'volume formulas');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ doc: 1, alsoAt: [3] });
  });

  it('joins word families and completes a half-typed last word', () => {
    const docs = [doc('Fluently multiply within 100.'), doc('Understand multiplication.'), doc('Add within 20.')];
    expect(
      rank(docs, 'multiplication')
        .map((r) => r.doc)
        .sort(),
    ).toEqual([0, 1]);
    expect(rank(docs, 'multipl').map((r) => r.doc)).toHaveLength(2);
    expect(
      rank(docs, 'withi')
        .map((r) => r.doc)
        .sort(),
    ).toEqual([0, 2]);
  });

  it('answers a query of only common words, and nothing for no words', () => {
    const docs = [doc('The area of a circle.'), doc('Count to 100.')];
    expect(rank(docs, 'the of').map((r) => r.doc)).toEqual([0]);
    expect(rank(docs, '  …  ')).toEqual([]);
  });

  it('survives hostile input: a cycle of headings, a long query, huge and empty texts', () => {
    const docs = [doc('a loop', { parent: 1 }), doc('loop again', { parent: 0 }), doc(''), doc('x '.repeat(50_000), { parent: 99 })];
    const index = new SearchIndex(docs);
    expect(index.search('loop', 10).map((r) => r.doc)).toEqual([0, 1]);
    expect(index.search('loop x '.repeat(100), 10).length).toBeGreaterThan(0);
    expect(index.search('"*) OR (NEAR', 10)).toEqual([]);
  });

  it('applies the filter before the limit', () => {
    const docs = Array.from({ length: 30 }, (_, i) => doc(`fractions ${i}`));
    const found = new SearchIndex(docs).search('fractions', 5, (d) => d >= 20);
    expect(found.map((r) => r.doc)).toEqual([20, 21, 22, 23, 24]);
  });
});

describe('marking and ordering without an index', () => {
  it('marks the words a query matched, families and a half-typed last word included', () => {
    const text = 'Fluently multiply fractions; multiplication of fractional parts.';
    const marked = markedRanges(text, 'multiplication fractio').map(([a, b]) => text.slice(a, b));
    expect(marked).toEqual(['multiply', 'fractions', 'multiplication', 'fractional']);
    expect(markedRanges(text, 'the')).toEqual([]);
  });

  it('marks whole words only: a word sharing the stem is not the word ("mean" is not "meaning")', () => {
    const marks = (text: string, query: string) => markedRanges(text, query).map(([a, b]) => text.slice(a, b));
    expect(marks('Understand the meaning of the mean and the median.', 'mean')).toEqual(['mean']);
    expect(marks('Graph ordered pairs; use the order of operations.', 'order of operations')).toEqual(['order', 'operations']);
    // A verb form typed marks its base, and plurals mark each other.
    expect(marks('Add and subtract fractions; a fraction.', 'adding fraction')).toEqual(['Add', 'fractions', 'fraction']);
    expect(marks('Divide whole numbers.', 'dividing')).toEqual(['Divide']);
  });

  it('counts the words held, and puts the hits holding every word first, keeping the order given otherwise', () => {
    expect(wordsHeld('Build fractions from unit fractions', 'unit fractions')).toBe(2);
    const hits = ['length units', 'unit fractions', 'fractions', 'a unit fraction'];
    expect(everyWordFirst(hits, (h) => h, 'unit fractions')).toEqual(['unit fractions', 'a unit fraction', 'length units', 'fractions']);
  });
});
