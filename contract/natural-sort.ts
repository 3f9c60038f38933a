/**
 * The sibling order a person expects (see the API contract, "Sibling order"):
 * statement codes in natural order (`K` before `1`, `3.NF.A.2` before `3.NF.A.10`),
 * then items without a code by their lowest grade, then by description.
 *
 * Pure and dependency-free: the importer stores this order and the browser applies it
 * again to whatever a server returns, so both must agree.
 */

export const GRADE_LEVELS = ['PK', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export type GradeLevel = (typeof GRADE_LEVELS)[number];

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Rank of a grade token (`PK` = 0, `K` = 1, `1` = 2 …), or -1 when it is not a grade. */
export function gradeRank(token: string): number {
  return (GRADE_LEVELS as readonly string[]).indexOf(token.toUpperCase());
}

/**
 * Compares codes token by token so that `K` and `PK` sort before numbers
 * (a plain numeric collator puts digits before letters) and `A.10` after `A.9`.
 */
export function compareCodes(a: string, b: string): number {
  const ta = a.split(/[.\-\s]+/);
  const tb = b.split(/[.\-\s]+/);
  const n = Math.min(ta.length, tb.length);
  for (let i = 0; i < n; i++) {
    const x = ta[i]!;
    const y = tb[i]!;
    const gx = gradeRank(x);
    const gy = gradeRank(y);
    const byGrade = gx >= 0 && gy >= 0 ? gx - gy : 0;
    const c = byGrade || collator.compare(x, y);
    if (c !== 0) return c;
  }
  return ta.length - tb.length || collator.compare(a, b);
}

export interface SortableItem {
  statementCode: string | null;
  gradeLevel: readonly string[] | null;
  description: string | null;
}

function lowestGrade(grades: readonly string[] | null): number {
  if (!grades || grades.length === 0) return GRADE_LEVELS.length;
  return Math.min(
    ...grades.map((g) => {
      const r = gradeRank(g);
      return r < 0 ? GRADE_LEVELS.length : r;
    }),
  );
}

export function compareSiblings(a: SortableItem, b: SortableItem): number {
  const ca = a.statementCode?.trim() || null;
  const cb = b.statementCode?.trim() || null;
  if (ca && cb) return compareCodes(ca, cb) || collator.compare(a.description ?? '', b.description ?? '');
  if (ca) return -1;
  if (cb) return 1;
  return lowestGrade(a.gradeLevel) - lowestGrade(b.gradeLevel) || collator.compare(a.description ?? '', b.description ?? '');
}

export function sortSiblings<T extends SortableItem>(items: readonly T[]): T[] {
  return [...items].sort(compareSiblings);
}
