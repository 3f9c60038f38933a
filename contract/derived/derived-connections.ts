/**
 * One standard's connections and skills as every surface tells them, in one answer: the
 * local API's derived-connections extension, the tool server's get_standard, the tests
 * that hold the app to the same story. The data's own lists where it has them; derived
 * ones where it has not, each marked with what it was derived through; crosswalk
 * evidence whose counts match the skills listed.
 */
import type { AlignmentNumbers } from '../alignment-strength';
import type { Crosswalk, StandardSummary } from '../connection-schemas';
import type { LearningComponent } from '../learning-component-schemas';
import { crosswalkEvidence, sharesText, type CrosswalkEvidence } from './crosswalk-evidence';
import { COMMON_CORE_JURISDICTION, neighboursOf, skillsOf, throughOf, type ConnectionsReader, type Through } from './through-matches';

/** A connected standard; in a derived list, with the Common Core standard it stands for (`unmatched`: it is that one). */
export type ConnectedStandard = StandardSummary & { commonCore?: Through; unmatched?: true };

export interface EvidenceAnswer {
  sharedLCCount: number;
  unionLCCount: number;
  /** The shared skills' identifiers, where the data pins them down; null where it cannot tell which. */
  sharedLearningComponents: string[] | null;
  /** The alignment record's counts where they differ from the skills the data lists (the counts above follow the list). */
  recordCounts: { stateLCCount: number; sharedLCCount: number } | null;
}

export interface DerivedConnections {
  caseIdentifierUUID: string;
  buildsOn: ConnectedStandard[];
  leadsTo: ConnectedStandard[];
  /** Set where buildsOn / leadsTo are derived: the identical Common Core match they were read through. */
  progressionDerivedThrough: Through | null;
  learningComponents: LearningComponent[];
  /** Set where the skills are derived: the standards rated identical whose skills they are. */
  learningComponentsDerivedThrough: Through[] | null;
  /** Where none are listed or derived: the standards it matches that list skills. */
  learningComponentsFoundIn: Through[] | null;
  crosswalks: Array<Crosswalk & { evidence: EvidenceAnswer }>;
}

export const evidenceAnswer = (e: CrosswalkEvidence): EvidenceAnswer => ({
  sharedLCCount: e.shared,
  unionLCCount: e.union,
  sharedLearningComponents: e.sharedSkills?.map((s) => s.identifier) ?? null,
  recordCounts: e.record ? { stateLCCount: e.record.stateLCCount, sharedLCCount: e.record.sharedLCCount } : null,
});

/** "shares 10 of 10 skills (the alignment record counts 20)": the evidence in words. */
export const evidenceText = (e: EvidenceAnswer) =>
  `${sharesText({ shared: e.sharedLCCount, union: e.unionLCCount })}${
    e.recordCounts ? ` (the alignment record counts ${e.recordCounts.stateLCCount} for the state standard)` : ''
  }`;

/**
 * Each of a standard's crosswalks with its evidence: `ownSkills` are the standard's own
 * (the state side where the other is Common Core's), else the other's listed skills are read.
 */
export async function withEvidence<C extends AlignmentNumbers & Through & { stateLCListed?: number }>(
  reader: Pick<ConnectionsReader, 'skills'>,
  crosswalks: readonly C[],
  ownSkills: readonly LearningComponent[],
) {
  return Promise.all(
    crosswalks.map(async (c) => {
      const stateSide = c.jurisdiction === COMMON_CORE_JURISDICTION ? ownSkills : await reader.skills(c.caseIdentifierUUID);
      return { crosswalk: c, evidence: crosswalkEvidence(c, stateSide) };
    }),
  );
}

export async function derivedConnections(reader: ConnectionsReader, id: string): Promise<DerivedConnections> {
  const [neighbours, skills, crosswalkList] = await Promise.all([neighboursOf(reader, id), skillsOf(reader, id), reader.crosswalks(id)]);
  // Its own skills: skillsOf's answer unless that answer is derived.
  const crosswalks = await withEvidence(reader, crosswalkList, skills.derivedThrough ? [] : skills.skills);
  const connected = (list: StandardSummary[], derived: Array<{ core: StandardSummary; unmatched: boolean }> | undefined) =>
    list.map((s, i) => {
      const d = derived?.[i];
      return d ? { ...s, commonCore: throughOf(d.core), ...(d.unmatched && { unmatched: true as const }) } : s;
    });
  return {
    caseIdentifierUUID: id,
    buildsOn: connected(neighbours.buildsOn, neighbours.derived?.buildsOn),
    leadsTo: connected(neighbours.leadsTo, neighbours.derived?.leadsTo),
    progressionDerivedThrough: neighbours.derivedThrough ? throughOf(neighbours.derivedThrough) : null,
    learningComponents: skills.skills,
    learningComponentsDerivedThrough: skills.derivedThrough ?? null,
    learningComponentsFoundIn: skills.foundIn ?? null,
    crosswalks: crosswalks.map(({ crosswalk, evidence }) => ({ ...crosswalk, evidence: evidenceAnswer(evidence) })),
  };
}
