/**
 * The sibling order a person expects (see the API contract, "Sibling order", and
 * decision 009 for the rules and the real frameworks behind them):
 *
 * - codes in natural order, token by token: grades before anything else at the start
 *   (`K` before `1` before course codes such as `IA`), numbers as numbers (`A.10` after
 *   `A.9`), decorations ignored (`(+) HSA.APR.B.3` sits at `HSA.APR.B.3`);
 * - where a framework numbers its standards across strands (`K.NR.5`, `K.PAR.6`,
 *   `K.GSR.8`), by that number;
 * - items without a code (or with a pseudo-code such as "Conceptual Category: …") after
 *   coded ones, by grade (from their grades, or from their names: "Kindergarten",
 *   "Fifth Grade", "Grade 5"), then by the numbers in their names where each has its own
 *   (a document's own sequence), then by name with numbers compared as numbers.
 *
 * Pure and dependency-free: the importer stores this order and the browser applies it
 * again to whatever a server returns, so both must agree.
 */

export const GRADE_LEVELS = ['PK', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export type GradeLevel = (typeof GRADE_LEVELS)[number];

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const NO_GRADE = GRADE_LEVELS.length;

/** Rank of a grade token (`PK` = 0, `K` = 1, `1` = 2 …; "Kindergarten" = `K`), or -1 when it is not a grade. */
export function gradeRank(token: string): number {
  const t = token.toUpperCase();
  const rank = (GRADE_LEVELS as readonly string[]).indexOf(t === 'KINDERGARTEN' ? 'K' : t === 'PREK' || t === 'PRE-K' ? 'PK' : t);
  return rank;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];

/** The grade a name speaks of ("Pre-K", "Kindergarten", "Fifth Grade", "Grade 5", "Grade K"), as a rank; -1 if none. */
export function gradeInName(name: string): number {
  const t = name.toLowerCase();
  if (/\bpre-?k(indergarten)?\b|\bprekindergarten\b/.test(t)) return 0;
  if (/\bkindergarten\b/.test(t)) return 1;
  const ordinal = t.match(new RegExp(`\\b(${ORDINALS.join('|')})\\s+grade\\b`));
  if (ordinal) return ORDINALS.indexOf(ordinal[1]!) + 2;
  const numbered = t.match(/\bgrade\s+(k|\d{1,2})\b/);
  return numbered ? gradeRank(numbered[1]!) : -1;
}

/** Marks that do not change a standard's place: "(+)" plus standards, "*" modelling stars, daggers. */
const DECORATION = /^(?:\s*(?:\(\+\)|\+|\*|†))+\s*|(?:\s*(?:\(\+\)|\*|†))+\s*$/g;
export const orderingCode = (code: string) => code.replace(DECORATION, '').trim();

/** A "code" that is really a name ("Conceptual Category: Number and Quantity"): it sorts as a name. */
const isPseudoCode = (code: string) => code.includes(':') || /\b[A-Za-z]*[a-z]{4,}\b/.test(code);

const tokens = (code: string) => code.split(/[.\-\s]+/).filter(Boolean);

/**
 * Compares codes token by token: grades first at the start of a code, `K` and `PK`
 * before numbers (a plain numeric collator puts digits before letters), `A.10` after `A.9`.
 */
export function compareCodes(a: string, b: string): number {
  const ta = tokens(orderingCode(a));
  const tb = tokens(orderingCode(b));
  const n = Math.min(ta.length, tb.length);
  for (let i = 0; i < n; i++) {
    const x = ta[i]!;
    const y = tb[i]!;
    const gx = gradeRank(x);
    const gy = gradeRank(y);
    // Both grades: by grade. At the start only, a grade comes before a course or conceptual
    // category code (`K` before `IA`); further in, a letter is a cluster, not a grade.
    const byGrade = gx >= 0 && gy >= 0 ? gx - gy : i === 0 && gx >= 0 !== gy >= 0 ? (gx >= 0 ? -1 : 1) : 0;
    const c = byGrade || collator.compare(x, y);
    if (c !== 0) return c;
  }
  return ta.length - tb.length || collator.compare(orderingCode(a), orderingCode(b)) || collator.compare(a, b);
}

export interface SortableItem {
  statementCode: string | null;
  gradeLevel: readonly string[] | null;
  description: string | null;
}

/** A real code, or null for none or a pseudo-code. */
function codeOf(item: SortableItem): string | null {
  const code = item.statementCode?.trim();
  return code && !isPseudoCode(code) ? code : null;
}

/**
 * Spaces beside a code's separators are typing, not order: "5. Standard 4" sorts as
 * "5.Standard 4", after "5.Standard 1" (a space would otherwise sort before any letter).
 */
const squeezed = (code: string) => code.replace(/\s*([.\-–—:/])\s*/g, '$1').replace(/\s+/g, ' ');

/** The name an item without a code goes by: its pseudo-code and description. */
const nameOf = (item: SortableItem) =>
  [item.statementCode && squeezed(item.statementCode.trim()), item.description ?? ''].filter(Boolean).join(' ');

/**
 * The eight Standards for Mathematical Practice, by the words every framework that carries
 * them states them in. Some frameworks give them no code or number (Pennsylvania): they
 * are recognised by their text and kept in their own order, MP1 to MP8.
 */
const PRACTICES = [
  'make sense of problems',
  'reason abstractly and quantitatively',
  'construct viable arguments',
  'model with mathematics',
  'use appropriate tools strategically',
  'attend to precision',
  'look for and make use of structure',
  'look for and express regularity',
];

/** The practice (1–8) an item states, from the start of its text; null when it is not one. */
export function practiceNumber(item: SortableItem): number | null {
  // The words must open the text, after at most a short label ("Mathematical Practice 6:",
  // "MP6", "6."): a standard that mentions precision further in is not the practice.
  const words = (item.description ?? '')
    .toLowerCase()
    .replace(/^[^:]{0,40}:/, '')
    .replace(/[^a-z]+/g, ' ')
    .replace(/^\s*(?:s?mp|practice)?\s*/, '');
  const found = PRACTICES.findIndex((p) => words.startsWith(p));
  return found < 0 ? null : found + 1;
}

/** Practices among siblings take the places they hold, in MP1–MP8 order (others keep theirs). */
function inPracticeOrder<T extends SortableItem>(items: T[]): T[] {
  const numbers = items.map(practiceNumber);
  const found = numbers.filter((n): n is number => n !== null);
  if (found.length < 3 || new Set(found).size !== found.length) return items;
  const practices = items.filter((_, i) => numbers[i] !== null).sort((a, b) => practiceNumber(a)! - practiceNumber(b)!);
  let next = 0;
  return items.map((item, i) => (numbers[i] === null ? item : practices[next++]!));
}

/** The grade an item without a code stands for: its one grade, else the grade its name speaks of, else its lowest. */
function gradeOf(item: SortableItem): number {
  const ranks = (item.gradeLevel ?? []).map(gradeRank).filter((r) => r >= 0);
  if (ranks.length === 1) return ranks[0]!;
  const named = gradeInName(nameOf(item));
  if (named >= 0) return named;
  return ranks.length ? Math.min(...ranks) : NO_GRADE;
}

export function compareSiblings(a: SortableItem, b: SortableItem): number {
  const ca = codeOf(a);
  const cb = codeOf(b);
  if (ca && cb) return compareCodes(ca, cb) || collator.compare(a.description ?? '', b.description ?? '');
  if (ca) return -1;
  if (cb) return 1;
  return gradeOf(a) - gradeOf(b) || collator.compare(nameOf(a), nameOf(b));
}

const lastNumber = (code: string) => {
  const last = tokens(orderingCode(code)).at(-1) ?? '';
  return /^\d+$/.test(last) ? Number(last) : null;
};
const firstNumber = (name: string) => {
  const m = name.match(/\d+/);
  return m ? Number(m[0]) : null;
};

/** Whether every key is a number and no two are the same: a sequence the document itself numbers. */
const ownSequence = (keys: Array<number | null>): keys is number[] => keys.every((k) => k !== null) && new Set(keys).size === keys.length;

export function sortSiblings<T extends SortableItem>(items: readonly T[]): T[] {
  const sorted = [...items].sort(compareSiblings);
  const coded = sorted.filter((i) => codeOf(i));
  const uncoded = sorted.filter((i) => !codeOf(i));
  // Standards numbered across strands (K.NR.5, K.PAR.6, K.GSR.8): the numbers are the reading order.
  // Only when the codes have one shape (grade.strand.number): same length, same start,
  // letters for strands, and the strands differ.
  const split = coded.map((i) => tokens(orderingCode(codeOf(i)!)).map((t) => t.toUpperCase()));
  const length = split[0]?.length ?? 0;
  const oneShape =
    length >= 3 &&
    split.every(
      (t) => t.length === length && t.slice(0, -2).join('.') === split[0]!.slice(0, -2).join('.') && /^[A-Z]+$/.test(t[length - 2]!),
    );
  const strands = new Set(split.map((t) => t[length - 2])).size > 1;
  const strandNumbers = coded.map((i) => lastNumber(codeOf(i)!));
  if (coded.length > 2 && oneShape && strands && ownSequence(strandNumbers)) {
    const at = new Map(coded.map((item, i) => [item, strandNumbers[i]!]));
    coded.sort((a, b) => at.get(a)! - at.get(b)!);
  }
  // Items without a code, grade by grade: where each names its own number (MP6, Practice 3), by it.
  const byGrade = new Map<number, T[]>();
  for (const item of uncoded) byGrade.set(gradeOf(item), [...(byGrade.get(gradeOf(item)) ?? []), item]);
  const ordered = [...byGrade.entries()]
    .sort(([x], [y]) => x - y)
    .flatMap(([, group]) => {
      const numbers = group.map((i) => firstNumber(nameOf(i)));
      if (group.length > 2 && ownSequence(numbers)) {
        const at = new Map(group.map((item, i) => [item, numbers[i]!]));
        return [...group].sort((a, b) => at.get(a)! - at.get(b)!);
      }
      return inPracticeOrder(group);
    });
  return [...coded, ...ordered];
}
