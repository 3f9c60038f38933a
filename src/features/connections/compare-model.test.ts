import { describe, expect, it } from 'vitest';
import type { StandardsItem } from '../../../contract/schemas';
import type { Crosswalk } from '../../../contract/connection-schemas';
import { compareFrameworks, comparisonCsv, domainOf, pairLineParts, pairLines, readsTheSame, type CompareRow } from './compare-model';

const item = (id: string, code: string, grades: string[], type = 'Standard'): StandardsItem => ({
  identifier: id,
  caseIdentifierUUID: id,
  caseIdentifierURI: null,
  name: null,
  statementCode: code,
  description: `Text of ${code} with $\\frac{1}{2}$`,
  statementType: type,
  normalizedStatementType: type,
  jurisdiction: 'X',
  academicSubject: 'Mathematics',
  gradeLevel: grades,
  inLanguage: 'en-US',
  dateCreated: null,
  dateModified: null,
  notes: null,
  author: 'a',
  provider: 'p',
  license: 'l',
  attributionStatement: `attribution of ${code}`,
  hasChildren: false,
});
const match = (id: string, code: string, jaccard: number): Crosswalk => ({
  caseIdentifierUUID: id,
  statementCode: code,
  description: `Core ${code}`,
  jurisdiction: 'Multi-State',
  jaccard,
  stateLCCount: 3,
  ccssLCCount: 2,
  sharedLCCount: 2,
  author: 'LC',
  provider: 'LC',
  license: 'l',
  attributionStatement: 'crosswalk attribution',
});

describe('comparing two frameworks', () => {
  const primary = [
    item('g', '4', ['4'], 'Standard Grouping'),
    item('a', '4.NF.A.1', ['4']),
    item('b', '4.NF.A.2', ['4']),
    item('c', '3.OA.1', ['3']),
  ];
  const other = [item('x', '4.NF.A.1', ['4']), item('y', '4.NF.A.2', ['4']), item('z', '4.G.1', ['4'])];
  const alignments = new Map([
    ['a', [match('x', '4.NF.A.1', 1)]],
    ['b', [match('y', '4.NF.A.2', 0.5)]],
  ]);

  it('keeps outline order, marks standards without a match and the other side nothing matched', () => {
    const c = compareFrameworks({ primary, other, alignments, grades: ['4'], minJaccard: 0 });
    expect(c.rows.map((r) => [r.standard.statementCode, r.matches.map((m) => m.statementCode)])).toEqual([
      ['4.NF.A.1', ['4.NF.A.1']],
      ['4.NF.A.2', ['4.NF.A.2']],
    ]);
    expect(c.otherOnly.map((o) => o.statementCode)).toEqual(['4.G.1']);
    expect(c.byGrade).toEqual([{ group: 'Grade 4', standards: 2, matched: 2 }]);
  });

  it('drops matches under the minimum strength', () => {
    const c = compareFrameworks({ primary, other, alignments, grades: [], minJaccard: 2 / 3 });
    expect(c.rows.find((r) => r.standard.statementCode === '4.NF.A.2')!.matches).toEqual([]);
    expect(c.otherOnly.map((o) => o.statementCode)).toEqual(['4.NF.A.2', '4.G.1']);
    expect(c.byGrade.map((g) => g.group)).toEqual(['Grade 3', 'Grade 4']);
  });

  it('exports one CSV line per match, with both attributions and readable math', () => {
    const c = compareFrameworks({ primary, other, alignments, grades: ['4'], minJaccard: 0 });
    const { header, rows } = comparisonCsv(c, { primary: 'California', other: 'Common Core' });
    expect(header[0]).toBe('California code');
    expect(rows[0]).toEqual([
      '4.NF.A.1',
      'Text of 4.NF.A.1 with 1/2',
      '4',
      '4.NF.A.1',
      'Core 4.NF.A.1',
      'Identical skills',
      '1.00',
      'shares 2 of 3 skills',
      'attribution of 4.NF.A.1',
      'crosswalk attribution',
    ]);
    expect(rows.at(-1)!.slice(3, 6)).toEqual(['4.G.1', 'Text of 4.G.1 with 1/2', 'Only in Common Core']);
  });

  it('matches standards worded the same where the crosswalk aligns nothing (the practices), within a shared grade', () => {
    const practice = (id: string, code: string, grades: string[]) => ({
      ...item(id, code, grades),
      description: 'Make sense of problems  and persevere in solving them.',
    });
    const withPractices = compareFrameworks({
      primary: [...primary, practice('mp', 'MP1', ['K', '3', '4'])],
      other: [...other, practice('cmp', 'MP1', ['K', '4']), practice('c4', '4.MP1', ['4']), practice('c5', '5.MP1', ['5'])],
      alignments,
      grades: [],
      minJaccard: 0.999,
    });
    const mp = withPractices.rows.find((r) => r.standard.statementCode === 'MP1')!;
    expect(mp.matches).toEqual([]);
    expect(mp.sameText.map((o) => o.statementCode)).toEqual(['MP1', '4.MP1']);
    // A standard the crosswalk aligns is not matched again by its words, even under the strength filter.
    expect(withPractices.rows.find((r) => r.standard.statementCode === '4.NF.A.2')!.sameText).toEqual([]);
    expect(withPractices.otherOnly.map((o) => o.statementCode)).toEqual(['4.NF.A.2', '4.G.1', '5.MP1']);
    expect(withPractices.how).toEqual({ skills: 1, text: 1 });
    expect(withPractices.byGrade.find((g) => g.group.includes('K'))).toMatchObject({ standards: 1, matched: 1 });
    const csv = comparisonCsv(withPractices, { primary: 'California', other: 'Common Core' }).rows.filter((r) => r[0] === 'MP1');
    expect(csv.map((r) => [r[3], r[5], r[6]])).toEqual([
      ['MP1', 'Identical text', null],
      ['4.MP1', 'Identical text', null],
    ]);
  });

  it('names, in a closed pair, each match it compares with: its code, its strength and its wording', () => {
    const standard = { ...item('a', '4.G.A.1', ['4']), description: 'Draw points, lines and $\\frac{1}{2}$ angles.' };
    const worded = (m: Crosswalk, description: string) => ({ ...m, description });
    const row: CompareRow = {
      standard,
      matches: [
        // The same words, spacing and math notation aside.
        worded(match('x', '4.G.A.1', 1), 'Draw points,  lines and 1/2 angles.'),
        worded(match('y', '4.G.A.3', 0.5), 'Recognize a line of symmetry.'),
      ],
      sameText: [],
    };
    const lines = pairLines(row);
    expect(lines.map((l) => pairLineParts(l).join(' · '))).toEqual([
      '4.G.A.1 · Identical skills · Same wording',
      '4.G.A.3 · Partial · Wording differs',
    ]);
    expect(lines.map((l) => l.id)).toEqual(['x', 'y']);
    // One match worded otherwise is enough for the pair to be read with the differences.
    expect(readsTheSame(row)).toBe(false);
    expect(readsTheSame({ ...row, matches: row.matches.slice(0, 1) })).toBe(true);
  });

  it('names a match of identical text, a match without a code, and none where nothing matches', () => {
    const standard = item('mp', 'MP1', ['4']);
    const sameText: CompareRow = { standard, matches: [], sameText: [item('c4', '4.MP1', ['4'])] };
    expect(pairLines(sameText).map((l) => pairLineParts(l).join(' · '))).toEqual(['4.MP1 · Identical text · Same wording']);
    expect(readsTheSame(sameText)).toBe(true);
    const uncoded: CompareRow = { standard, matches: [{ ...match('u', '', 0.7), statementCode: null }], sameText: [] };
    expect(pairLineParts(pairLines(uncoded)[0]!)).toEqual(['No code', 'Strong', 'Wording differs']);
    expect(pairLines({ standard, matches: [], sameText: [] })).toEqual([]);
  });

  it('reads a domain from a code', () => {
    expect(['3.NF.A.1', 'HSA-CED.A.1', 'K.CC.1'].map(domainOf)).toEqual(['3.NF', 'HSA-CED', 'K.CC']);
  });
});
