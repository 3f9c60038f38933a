/**
 * The progression laid out by grade: one column per grade that holds a standard of it
 * (K…12, in grade order), each column's standards ordered by their step from the centre
 * and then by code. A standard listing several grades (high school's 9–12) sits in its
 * first. Pure, so it is tested without a browser.
 */
import { compareCodes, gradeRank } from '../../../contract/natural-sort';
import { inGradeRange, type Progression, type ProgressionNode, type ProgressionWalk } from '../../lib/progression';

export interface GradeColumn {
  grade: string;
  nodes: ProgressionNode[];
}

/** A standard's first grade, or within a grade range its first grade in the range. */
export const firstGrade = (n: ProgressionNode, range: Pick<ProgressionWalk, 'from' | 'to'> = {}) => {
  const grades = [...(n.grades ?? [])].sort((a, b) => gradeRank(a) - gradeRank(b));
  return grades.find((g) => inGradeRange([g], range)) ?? grades[0] ?? 'Ungraded';
};

export function gradeColumns(p: Progression, range: Pick<ProgressionWalk, 'from' | 'to'> = {}): GradeColumn[] {
  const byGrade = new Map<string, ProgressionNode[]>();
  for (const n of p.nodes.values()) {
    const g = firstGrade(n, range);
    byGrade.set(g, [...(byGrade.get(g) ?? []), n]);
  }
  const rank = (g: string) => (g === 'Ungraded' ? 99 : gradeRank(g));
  return [...byGrade]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([grade, nodes]) => ({
      grade,
      nodes: nodes.sort((a, b) => a.step - b.step || compareCodes(a.standard.statementCode ?? '', b.standard.statementCode ?? '')),
    }));
}

/** What a standard builds on and leads to within the progression shown (codes, for the list form). */
export function neighbours(p: Progression, id: string) {
  const code = (x: string) => p.nodes.get(x)?.standard.statementCode ?? x;
  return {
    buildsOn: p.edges
      .filter((e) => e.to === id)
      .map((e) => code(e.from))
      .sort(compareCodes),
    leadsTo: p.edges
      .filter((e) => e.from === id)
      .map((e) => code(e.to))
      .sort(compareCodes),
  };
}
