/**
 * The words Moodle shows for each level of a competency framework ("Add domain", "3
 * competencies"). Moodle names levels, not items, and only from its own list
 * (core_competency\competency_framework: behaviour, competency, concept, domain,
 * indicator, level, outcome, practice, proficiency, skill, value); an import with any
 * other word is refused. Each of the data's kinds of statement maps to one of them:
 *
 * | the data                                                            | Moodle     |
 * | ------------------------------------------------------------------- | ---------- |
 * | Grade Level, Course                                                 | level      |
 * | Conceptual Category, Domain, a heading without a type, a framework  | domain     |
 * | Cluster                                                             | concept    |
 * | Standard (any other standard-like type)                             | competency |
 * | Component (a standard below a standard)                             | indicator  |
 *
 * A level of the file takes the word of the kind most of its rows are (real frameworks
 * mix kinds on a level: California's high school courses put standards where grades put
 * domains), the first such kind on a tie.
 */
import type { StandardsItem } from '../../contract/schemas';

export const MOODLE_TAXONOMIES = [
  'behaviour',
  'competency',
  'concept',
  'domain',
  'indicator',
  'level',
  'outcome',
  'practice',
  'proficiency',
  'skill',
  'value',
] as const;
export type MoodleTaxonomy = (typeof MOODLE_TAXONOMIES)[number];

const BY_TYPE: Record<string, MoodleTaxonomy> = {
  'grade level': 'level',
  grade: 'level',
  course: 'level',
  'conceptual category': 'domain',
  domain: 'domain',
  strand: 'domain',
  cluster: 'concept',
  standard: 'competency',
  'content standard': 'competency',
  component: 'indicator',
};

/** The word for an item: by its statement type, else by what kind of statement it is. */
export function taxonomyOf(item: Pick<StandardsItem, 'statementType' | 'normalizedStatementType'>): MoodleTaxonomy {
  const byType = BY_TYPE[(item.statementType ?? '').trim().toLowerCase()];
  if (byType) return byType;
  return item.normalizedStatementType === 'Standard' ? 'competency' : 'domain';
}

/** One word per level (1 = the top competencies), from the words of the rows on it. */
export function taxonomiesByLevel(rows: ReadonlyArray<{ level: number; taxonomy: MoodleTaxonomy }>): MoodleTaxonomy[] {
  const levels: Array<Map<MoodleTaxonomy, number> | undefined> = [];
  for (const { level, taxonomy } of rows) {
    const counts = (levels[level - 1] ??= new Map());
    counts.set(taxonomy, (counts.get(taxonomy) ?? 0) + 1);
  }
  return Array.from(levels, (counts) => {
    let best: MoodleTaxonomy = 'competency';
    let most = 0;
    for (const [word, n] of counts ?? []) if (n > most) [best, most] = [word, n];
    return best;
  });
}
