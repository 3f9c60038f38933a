/**
 * The evidence behind a crosswalk as every surface states it, so a count never
 * contradicts the list shown under it. The alignment record carries its own counts
 * (state side, Common Core side, shared); the data lists the state side's skills. Where
 * the two agree, the record's counts stand. Where they do not (51 of the carried 591
 * crosswalks, all rated identical: "20 of 20" over a list of 10), an identical crosswalk
 * pins the shared skills down as the state side's listed ones, and the counts follow the
 * list, the record's own counts said beside them. Where the record rates the two
 * standards sharing every skill of the state side, those skills are named.
 */
import { isIdentical, type AlignmentNumbers } from '../alignment-strength';
import type { LearningComponent } from '../learning-component-schemas';

export interface CrosswalkEvidence {
  /** Skills shared, and all the skills either standard needs, as stated. */
  shared: number;
  union: number;
  /** The shared skills by name, where the data pins them down; null where it cannot tell which. */
  sharedSkills: LearningComponent[] | null;
  /** The record's counts where they disagree with the listed skills (then `shared`/`union` follow the list). */
  record?: { stateLCCount: number; sharedLCCount: number; union: number };
  /** How many skills the data lists for the state side (null: not at hand). */
  listed: number | null;
}

const unionOf = (a: AlignmentNumbers) => a.stateLCCount + a.ccssLCCount - a.sharedLCCount;

/**
 * `stateSkills`: the skills the data lists for the crosswalk's state side; null where
 * they are not at hand, and then the count the local API gives with the crosswalk
 * (`stateLCListed`), where it does, or else the record alone speaks.
 */
export function crosswalkEvidence(
  a: AlignmentNumbers & { stateLCListed?: number },
  stateSkills: readonly LearningComponent[] | null,
): CrosswalkEvidence {
  const fromRecord = { shared: a.sharedLCCount, union: unionOf(a) };
  const listed = stateSkills?.length ?? a.stateLCListed ?? null;
  if (!listed) return { ...fromRecord, sharedSkills: null, listed };
  const allShared = isIdentical(a) || a.sharedLCCount === a.stateLCCount;
  const named = stateSkills && allShared ? [...stateSkills] : null;
  if (listed === a.stateLCCount) return { ...fromRecord, sharedSkills: named, listed };
  const record = { stateLCCount: a.stateLCCount, sharedLCCount: a.sharedLCCount, union: unionOf(a) };
  // Identical: the same skills on both sides, so the shared ones are the listed ones.
  if (isIdentical(a)) return { shared: listed, union: listed, sharedSkills: stateSkills ? [...stateSkills] : null, record, listed };
  return { ...fromRecord, sharedSkills: null, record, listed };
}

/** "shares 2 of 3 skills" */
export const sharesText = (e: Pick<CrosswalkEvidence, 'shared' | 'union'>) =>
  `shares ${e.shared} of ${e.union} skill${e.union === 1 ? '' : 's'}`;

/** What a reader is told where the record's counts differ from the listed skills; null where they agree. */
export function recordNote(e: CrosswalkEvidence, stateName: string): string | null {
  if (!e.record || e.listed === null) return null;
  const skills = (n: number) => `${n} skill${n === 1 ? '' : 's'}`;
  return `The alignment record counts ${skills(e.record.stateLCCount)} for ${stateName}; the data lists ${skills(e.listed)}${e.sharedSkills ? ', the ones shown' : ''}.`;
}
