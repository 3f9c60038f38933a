import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sameWording, wordDiff } from './word-diff';
import { toPlainText } from './plain-text';
import { REAL_DATA, readExport } from '../../server/test-support/real-api';

describe('wordDiff', () => {
  it('marks the words only one wording has, keeping the shared ones in order', () => {
    expect(wordDiff('Classify shapes by properties.', 'Classify two-dimensional shapes by their properties.')).toEqual([
      { kind: 'same', text: 'Classify', gap: false },
      { kind: 'added', text: 'two-dimensional', gap: true },
      { kind: 'same', text: 'shapes by', gap: true },
      { kind: 'added', text: 'their', gap: true },
      { kind: 'same', text: 'properties.', gap: true },
    ]);
    expect(wordDiff('a b c d', 'a c d e')).toEqual([
      { kind: 'same', text: 'a', gap: false },
      { kind: 'removed', text: 'b', gap: true },
      { kind: 'same', text: 'c d', gap: true },
      { kind: 'added', text: 'e', gap: true },
    ]);
  });

  it('gives the same wording one unchanged part, and empty sides all added or removed', () => {
    expect(wordDiff('Count  to 100.', 'Count to 100.')).toEqual([{ kind: 'same', text: 'Count to 100.', gap: false }]);
    expect(wordDiff('', 'New words')).toEqual([{ kind: 'added', text: 'New words', gap: false }]);
    expect(wordDiff('Old words', '')).toEqual([{ kind: 'removed', text: 'Old words', gap: false }]);
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
        .map((p, i) => `${i && p.gap ? ' ' : ''}${p.text}`)
        .join(''),
    ).toBe(from);
    expect(
      parts
        .filter((p) => p.kind !== 'removed')
        .map((p, i) => `${i && p.gap ? ' ' : ''}${p.text}`)
        .join(''),
    ).toBe(to);
  });

  it('never counts spacing, or the spacing around punctuation, as a difference', () => {
    expect(sameWording('the points ( 1/2 , 1/4 ) and ( 3 , 5 ).', 'the points (1/2, 1/4) and (3, 5).')).toBe(true);
    expect(wordDiff('a line plot ( 1/2 , 1/4 , 1/8 )', 'a line plot (1/2, 1/4, 1/8)')).toEqual([
      { kind: 'same', text: 'a line plot (1/2, 1/4, 1/8)', gap: false },
    ]);
    expect(sameWording('(3 + 4i)^3 = 3i', '(3 + 4 i)^3 = 3 i')).toBe(true);
    expect(wordDiff('write 3i and 2x³ or a 1/3-cup', 'write 3 i and 2 x³ or a one-third cup')).toEqual([
      { kind: 'same', text: 'write 3 i and 2 x³ or a', gap: false },
      { kind: 'removed', text: '1/3-cup', gap: true },
      { kind: 'added', text: 'one-third cup', gap: true },
    ]);
    // A mark there in one text only still is one; so is a word.
    expect(sameWording('fractions (1/2, 1/4)', 'fractions 1/2, 1/4')).toBe(false);
    expect(wordDiff('Add 3.5 and 2', 'Add 3.5, and 2')).toEqual([
      { kind: 'same', text: 'Add 3.5', gap: false },
      { kind: 'added', text: ',', gap: false },
      { kind: 'same', text: 'and 2', gap: true },
    ]);
  });

  it('does not mark word by word texts too long to compare quickly', () => {
    const long = Array.from({ length: 600 }, (_, i) => `w${i}`).join(' ');
    const other = Array.from({ length: 600 }, (_, i) => `v${i}`).join(' ');
    expect(wordDiff(long, other).map((p) => p.kind)).toEqual(['removed', 'added']);
  });

  it('over every crosswalk of the carried data: a difference is never one of spacing alone', () => {
    const { nodes } = readExport(REAL_DATA);
    const text = new Map(nodes.map((n) => [n.identifier, toPlainText(n.properties.description ?? '') ?? '']));
    const pairs = readFileSync(`${REAL_DATA}/relationships.jsonl`, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"hasStandardAlignment"'))
      .map((l) => JSON.parse(l) as { source_identifier: string; target_identifier: string })
      .map((r) => [text.get(r.target_identifier)!, text.get(r.source_identifier)!] as const);
    expect(pairs).toHaveLength(591);
    let differ = 0;
    for (const [core, state] of pairs) {
      const spaceless = core.replace(/\s+/g, '') === state.replace(/\s+/g, '');
      expect(sameWording(core, state)).toBe(spaceless);
      if (spaceless) continue;
      differ++;
      const parts = wordDiff(core, state);
      expect(parts.some((p) => p.kind !== 'same')).toBe(true);
      // Each run of changes between unchanged text changes more than spacing.
      const runs = parts
        .map((p) => (p.kind === 'same' ? '|' : `${p.kind[0]}${p.text.replace(/\s+/g, '')}\u0000`))
        .join('')
        .split('|')
        .filter(Boolean);
      for (const run of runs) {
        const of = (k: string) =>
          run
            .split('\u0000')
            .filter((t) => t.startsWith(k))
            .map((t) => t.slice(1))
            .join('');
        expect(of('r')).not.toBe(of('a'));
      }
    }
    // 67 pairs differed word by word; 13 of them (4.MD.B.4, 4.NF.A.2, 5.MD.B.2, 5.NF.A.2, 5.NF.B.3, "3i" / "3 i", ...) only in spacing.
    expect(differ).toBe(54);
  });
});
