/**
 * A comparison of two frameworks through their crosswalks, in the first framework's own
 * outline order: each of its standards with its matches in the other (or none), the other
 * framework's standards that nothing matches, and counts by grade and by domain. Pure.
 */
import type { StandardsItem } from '../../../contract/schemas';
import type { Crosswalk } from '../../../contract/connection-schemas';
import { gradeRank } from '../../../contract/natural-sort';
import { toPlainText } from '../../lib/plain-text';
import { normalizeWording, sameWording } from '../../lib/word-diff';
import { formatGrades } from '../../lib/format';
import { jaccardText, sharedSkills, strengthWord } from '../../lib/alignment';

export interface CompareRow {
  standard: StandardsItem;
  /** Its alignments in the crosswalk (shared skills), strongest first. */
  matches: Crosswalk[];
  /**
   * Where the crosswalk has none: the other side's standards worded exactly the same (a
   * shared grade), such as the practices MP1–MP8, which the crosswalk does not align.
   */
  sameText: StandardsItem[];
}

export const isMatched = (r: CompareRow) => r.matches.length > 0 || r.sameText.length > 0;

/** Matched, and every match worded the same (spacing aside): the row reads as one line. */
export const readsTheSame = (r: CompareRow) => isMatched(r) && pairLines(r).every((l) => l.sameWording);

/** What a closed pair says of one of its matches: the match's code, how strong it is, whether it reads the same. */
export interface PairLine {
  /** The key of the matched standard (a row may have several). */
  id: string;
  code: string | null;
  /** The crosswalk's strength in words ("Identical skills", "Strong"…), or "Identical text". */
  strength: string;
  sameWording: boolean;
}

/**
 * A closed pair's one line per match, crosswalk matches (strongest first) then those of
 * identical text: the reader knows what the row compares with before opening it. None
 * where nothing matches.
 */
export function pairLines(r: CompareRow): PairLine[] {
  const own = toPlainText(r.standard.description) ?? '';
  return [
    ...r.matches.map((m) => ({
      id: m.caseIdentifierUUID,
      code: m.statementCode,
      strength: strengthWord(m.jaccard),
      sameWording: sameWording(own, toPlainText(m.description) ?? ''),
    })),
    // Matched because the words are the same: the wording cannot differ.
    ...r.sameText.map((o) => ({ id: o.caseIdentifierUUID, code: o.statementCode, strength: 'Identical text', sameWording: true })),
  ];
}

/** A pair's line as it reads: "4.G.A.1 · Identical skills · Same wording". */
export const pairLineParts = (l: PairLine) => [l.code ?? 'No code', l.strength, l.sameWording ? 'Same wording' : 'Wording differs'];

/**
 * The rows in reading order: what differs first (no match, or a match worded otherwise), then
 * what reads the same; each part in the outline order. A grade's comparison reads its
 * differences in the first screens, and the pairs that agree as one line each after them.
 */
export function differencesFirst(rows: readonly CompareRow[]) {
  const same = rows.filter(readsTheSame);
  return { differ: rows.filter((r) => !readsTheSame(r)), same };
}

export interface GroupCount {
  group: string;
  standards: number;
  matched: number;
}

export interface Comparison {
  rows: CompareRow[];
  /** The other framework's standards that no standard shown matches. */
  otherOnly: StandardsItem[];
  byGrade: GroupCount[];
  byDomain: GroupCount[];
  /** How the matched standards were matched: through the crosswalk's shared skills, or identical text. */
  how: { skills: number; text: number };
}

/** Standards are what crosswalks align: items with a code that the data classes as standards. */
export const isStandard = (i: StandardsItem) => !!i.statementCode && i.normalizedStatementType === 'Standard';

/** A standard's grades as a group: "Grade 4", or "Grades K–12" for one that spans them (the practices). */
const gradeGroup = (i: StandardsItem) => formatGrades(i.gradeLevel) || 'No grade';
const groupRank = (i: StandardsItem) => Math.min(99, ...(i.gradeLevel ?? []).map(gradeRank)) * 100 + (i.gradeLevel?.length ?? 0);
const inGrades = (i: StandardsItem, grades: readonly string[]) => !grades.length || !!i.gradeLevel?.some((g) => grades.includes(g));

/** A standard's words as compared for identical text: plain (math as `1/b`), white space collapsed. */
const wording = (i: StandardsItem) => normalizeWording(toPlainText(i.description) ?? '');
/** Whether two standards share a grade (either without grades: yes). */
const shareGrade = (a: StandardsItem, b: StandardsItem) =>
  !a.gradeLevel?.length || !b.gradeLevel?.length || a.gradeLevel.some((g) => b.gradeLevel!.includes(g));

/** A code's domain: `3.NF.A.1` → `3.NF`, `HSA-CED.A.1` → `HSA-CED`, `K.CC.1` → `K.CC`. */
export function domainOf(code: string): string {
  const parts = code.split('.');
  return parts[0]!.includes('-') ? parts[0]! : parts.slice(0, 2).join('.');
}

/** Counts per group, groups in the order of `rank` (their first standard's, by default outline order). */
function count(rows: CompareRow[], groupOf: (i: StandardsItem) => string, rank: (i: StandardsItem) => number = () => 0): GroupCount[] {
  const map = new Map<string, GroupCount & { rank: number }>();
  for (const r of rows) {
    const g = groupOf(r.standard);
    const c = map.get(g) ?? { group: g, standards: 0, matched: 0, rank: rank(r.standard) };
    c.standards++;
    if (isMatched(r)) c.matched++;
    map.set(g, c);
  }
  return [...map.values()].sort((a, b) => a.rank - b.rank).map(({ group, standards, matched }) => ({ group, standards, matched }));
}

export function compareFrameworks(input: {
  primary: readonly StandardsItem[];
  other: readonly StandardsItem[];
  alignments: ReadonlyMap<string, Crosswalk[]>;
  grades: readonly string[];
  minJaccard: number;
}): Comparison {
  const others = input.other.filter((i) => isStandard(i) && inGrades(i, input.grades));
  const byWording = new Map<string, StandardsItem[]>();
  for (const o of others) {
    const key = wording(o);
    if (key) byWording.set(key, [...(byWording.get(key) ?? []), o]);
  }
  const rows = input.primary
    .filter((i) => isStandard(i) && inGrades(i, input.grades))
    .map((standard) => {
      const aligned = input.alignments.get(standard.caseIdentifierUUID) ?? [];
      return {
        standard,
        matches: aligned.filter((c) => c.jaccard >= input.minJaccard),
        // Identical text is as strong as a match gets: it passes every strength filter.
        sameText: aligned.length ? [] : (byWording.get(wording(standard)) ?? []).filter((o) => shareGrade(standard, o)),
      };
    });
  const matched = new Set(rows.flatMap((r) => [...r.matches, ...r.sameText].map((m) => m.caseIdentifierUUID)));
  return {
    rows,
    otherOnly: others.filter((i) => !matched.has(i.caseIdentifierUUID)),
    byGrade: count(rows, gradeGroup, groupRank),
    byDomain: count(rows, (i) => domainOf(i.statementCode!)),
    how: {
      skills: rows.filter((r) => r.matches.length).length,
      text: rows.filter((r) => r.sameText.length).length,
    },
  };
}

/** The comparison as CSV rows: one per match (or one for a standard without), then the other side's unmatched. */
export function comparisonCsv(c: Comparison, names: { primary: string; other: string }) {
  const header = [
    `${names.primary} code`,
    `${names.primary} description`,
    'Grades',
    `${names.other} code`,
    `${names.other} description`,
    'Alignment',
    'Jaccard',
    'Shared skills',
    'Attribution',
    'Alignment attribution',
  ];
  const text = (i: { description: string | null }) => toPlainText(i.description ?? '');
  const grades = (i: StandardsItem) => (i.gradeLevel ?? []).join(' ');
  const rows: Array<Array<string | null>> = [];
  for (const r of c.rows) {
    if (!isMatched(r))
      rows.push([
        r.standard.statementCode,
        text(r.standard),
        grades(r.standard),
        null,
        null,
        `Only in ${names.primary}`,
        null,
        null,
        r.standard.attributionStatement,
        null,
      ]);
    for (const m of r.matches)
      rows.push([
        r.standard.statementCode,
        text(r.standard),
        grades(r.standard),
        m.statementCode,
        text(m),
        strengthWord(m.jaccard),
        jaccardText(m.jaccard),
        sharedSkills(m),
        r.standard.attributionStatement,
        m.attributionStatement,
      ]);
    for (const o of r.sameText)
      rows.push([
        r.standard.statementCode,
        text(r.standard),
        grades(r.standard),
        o.statementCode,
        text(o),
        'Identical text',
        null,
        null,
        [...new Set([r.standard.attributionStatement, o.attributionStatement])].join(' '),
        null,
      ]);
  }
  for (const o of c.otherOnly)
    rows.push([null, null, grades(o), o.statementCode, text(o), `Only in ${names.other}`, null, null, o.attributionStatement, null]);
  return { header, rows };
}
