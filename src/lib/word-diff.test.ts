import { describe, expect, it } from 'vitest';
import { sameWording, wordDiff } from './word-diff';

describe('wordDiff', () => {
  it('marks the words only one wording has, keeping the shared ones in order', () => {
    expect(wordDiff('Classify shapes by properties.', 'Classify two-dimensional shapes by their properties.')).toEqual([
      { kind: 'same', text: 'Classify' },
      { kind: 'added', text: 'two-dimensional' },
      { kind: 'same', text: 'shapes by' },
      { kind: 'added', text: 'their' },
      { kind: 'same', text: 'properties.' },
    ]);
    expect(wordDiff('a b c d', 'a c d e')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'same', text: 'c d' },
      { kind: 'added', text: 'e' },
    ]);
  });

  it('gives the same wording one unchanged part, and empty sides all added or removed', () => {
    expect(wordDiff('Count  to 100.', 'Count to 100.')).toEqual([{ kind: 'same', text: 'Count to 100.' }]);
    expect(wordDiff('', 'New words')).toEqual([{ kind: 'added', text: 'New words' }]);
    expect(wordDiff('Old words', '')).toEqual([{ kind: 'removed', text: 'Old words' }]);
    expect(sameWording('a  b\n', 'a b')).toBe(true);
    expect(sameWording('a b', 'a b.')).toBe(false);
  });

  it('joins what it keeps back into both texts', () => {
    const from =
      'Understand that shapes in different categories may share attributes, and that the shared attributes can define a larger category.';
    const to = 'Understand that shapes in different categories (e.g., rhombuses, rectangles) may share attributes.';
    const parts = wordDiff(from, to);
    expect(
      parts
        .filter((p) => p.kind !== 'added')
        .map((p) => p.text)
        .join(' '),
    ).toBe(from);
    expect(
      parts
        .filter((p) => p.kind !== 'removed')
        .map((p) => p.text)
        .join(' '),
    ).toBe(to);
  });

  it('does not mark word by word texts too long to compare quickly', () => {
    const long = Array.from({ length: 600 }, (_, i) => `w${i}`).join(' ');
    const other = Array.from({ length: 600 }, (_, i) => `v${i}`).join(' ');
    expect(wordDiff(long, other).map((p) => p.kind)).toEqual(['removed', 'added']);
  });
});
