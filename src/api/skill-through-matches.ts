/**
 * The standards that have a skill only through an identical match: for each standard the
 * skill supports, the standards the crosswalk rates identical to it, kept where
 * contract/derived's skillsOf gives them this skill as derived (they list none of their
 * own). What a skill's page adds under the standards the data lists.
 */
import type { StandardSummary } from '../../contract/connection-schemas';
import { isIdentical } from '../../contract/alignment-strength';
import { skillsOf, type ConnectionsReader, type Through } from '../../contract/derived/through-matches';

export interface ThroughMatch {
  standard: StandardSummary;
  through: Through[];
}

export async function standardsThroughMatches(
  reader: ConnectionsReader,
  standards: ReadonlyArray<{ caseIdentifierUUID: string }>,
  skill: string,
): Promise<ThroughMatch[]> {
  const listed = new Set(standards.map((s) => s.caseIdentifierUUID));
  const crosswalks = await Promise.all(standards.map((s) => reader.crosswalks(s.caseIdentifierUUID)));
  const candidates = new Map<string, StandardSummary>();
  for (const c of crosswalks.flat()) if (isIdentical(c) && !listed.has(c.caseIdentifierUUID)) candidates.set(c.caseIdentifierUUID, c);
  const out: ThroughMatch[] = [];
  for (const [id, standard] of candidates) {
    const told = await skillsOf(reader, id);
    if (told.derivedThrough && told.skills.some((s) => s.identifier === skill)) out.push({ standard, through: told.derivedThrough });
  }
  return out;
}
