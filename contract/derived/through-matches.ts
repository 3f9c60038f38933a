/**
 * What one framework's connections say of another's standards: the rules every surface
 * (the app online and offline, the local API's extension, the tool server, the exports)
 * reads them by, so each tells the same story (decisions 017 and 023).
 *
 * The data links progressions between Common Core standards only, and lists skills for a
 * state's standards only; its crosswalks rate some state standards identical to a Common
 * Core one (Jaccard 1: exactly the same skills). Through an identical match:
 * - a state standard's progression is its match's, read in the state's standards;
 * - a standard without skills of its own has its match's skills.
 * A derived answer always says what it was derived through; a standard's own data always
 * comes first and is never mixed with derived data.
 *
 * The rules read the contract's own operations through a ConnectionsReader, so they work
 * wherever those operations answer: the local API, the hosted service, saved data.
 */
import { isIdentical } from '../alignment-strength';
import type { Crosswalk, StandardSummary } from '../connection-schemas';
import type { LearningComponent } from '../learning-component-schemas';

/** Common Core items carry this jurisdiction; the crosswalks link state standards to them. */
export const COMMON_CORE_JURISDICTION = 'Multi-State';

/** The contract's operations the rules read, each answer whole and in the API's order. */
export interface ConnectionsReader {
  /** The standard's jurisdiction (from its item). */
  jurisdictionOf(id: string): Promise<string | null>;
  /** Operation 6, strongest first. */
  crosswalks(id: string): Promise<Crosswalk[]>;
  /** Operations 7 and 8. */
  prerequisites(id: string): Promise<StandardSummary[]>;
  buildsTowards(id: string): Promise<StandardSummary[]>;
  /** Operation 12. */
  skills(id: string): Promise<LearningComponent[]>;
}

/** The Common Core match a state standard's progression is read through: the identical one, or none. */
export const identicalCoreMatch = (crosswalks: readonly Crosswalk[]) =>
  crosswalks.find((c) => isIdentical(c) && c.jurisdiction === COMMON_CORE_JURISDICTION);

/** Its strongest Common Core match, identical or not (to name it where none is identical). */
export const closestCoreMatch = (crosswalks: readonly Crosswalk[]) => crosswalks.find((c) => c.jurisdiction === COMMON_CORE_JURISDICTION);

/** A standard as a derived answer names what it went through. */
export interface Through {
  caseIdentifierUUID: string;
  statementCode: string | null;
  jurisdiction: string | null;
}
export const throughOf = ({ caseIdentifierUUID, statementCode, jurisdiction }: Through): Through => ({
  caseIdentifierUUID,
  statementCode,
  jurisdiction,
});

/** For each Common Core standard, the state standards the crosswalk rates identical to it. */
export type Counterparts = ReadonlyMap<string, readonly Crosswalk[]>;

/** A connected standard as a derived list gives it: the state's own where identical, else the Common Core one, marked. */
export interface DerivedStandard {
  standard: StandardSummary;
  /** The Common Core standard it stands for. */
  core: StandardSummary;
  /** No state standard is identical to `core`: `standard` is the Common Core one. */
  unmatched: boolean;
}

/** A Common Core list (what a match builds on or leads to) read in the state's standards; two read as one are listed once. */
export function deriveList(coreList: readonly StandardSummary[], counterparts: Counterparts): DerivedStandard[] {
  const seen = new Set<string>();
  const out: DerivedStandard[] = [];
  for (const core of coreList) {
    const same = counterparts.get(core.caseIdentifierUUID)?.[0];
    const standard: StandardSummary = same ? { ...same, relationship: core.relationship } : core;
    if (seen.has(standard.caseIdentifierUUID)) continue;
    seen.add(standard.caseIdentifierUUID);
    out.push({ standard, core, unmatched: !same });
  }
  return out;
}

/** The state standards (of `jurisdiction`) the crosswalk rates identical to each Common Core standard. */
export async function counterpartsOf(
  reader: ConnectionsReader,
  coreIds: readonly string[],
  jurisdiction: string | null,
): Promise<Counterparts> {
  const ids = [...new Set(coreIds)];
  const lists = await Promise.all(ids.map((id) => reader.crosswalks(id)));
  return new Map(ids.map((id, i) => [id, lists[i]!.filter((c) => c.jurisdiction === jurisdiction && isIdentical(c))]));
}

/** What a standard builds on and leads to: its own lists, or where it has none, the ones derived through its identical match. */
export interface Neighbours {
  buildsOn: StandardSummary[];
  leadsTo: StandardSummary[];
  /** Set where the lists are derived: the identical Common Core match they were read through. */
  derivedThrough?: Crosswalk;
  /** Where derived: each entry with the Common Core standard it stands for. */
  derived?: { buildsOn: DerivedStandard[]; leadsTo: DerivedStandard[] };
  /** A state standard with nothing derived: its strongest Common Core match, to name it. */
  closest?: Crosswalk;
}

/** The progression around a state standard, derived through its identical Common Core match (empty where it has none). */
export async function derivedNeighbours(
  reader: ConnectionsReader,
  crosswalks: readonly Crosswalk[],
  jurisdiction: string | null,
): Promise<Neighbours> {
  const via = identicalCoreMatch(crosswalks);
  if (!via) return { buildsOn: [], leadsTo: [], closest: closestCoreMatch(crosswalks) };
  const [before, after] = await Promise.all([reader.prerequisites(via.caseIdentifierUUID), reader.buildsTowards(via.caseIdentifierUUID)]);
  const same = await counterpartsOf(
    reader,
    [...before, ...after].map((s) => s.caseIdentifierUUID),
    jurisdiction,
  );
  const derived = { buildsOn: deriveList(before, same), leadsTo: deriveList(after, same) };
  return {
    buildsOn: derived.buildsOn.map((d) => d.standard),
    leadsTo: derived.leadsTo.map((d) => d.standard),
    derivedThrough: via,
    derived,
  };
}

/** A standard's progression as every surface tells it: the data's own, else derived (and marked so). */
export async function neighboursOf(reader: ConnectionsReader, id: string): Promise<Neighbours> {
  const [buildsOn, leadsTo, jurisdiction] = await Promise.all([
    reader.prerequisites(id),
    reader.buildsTowards(id),
    reader.jurisdictionOf(id),
  ]);
  if (buildsOn.length || leadsTo.length || jurisdiction === COMMON_CORE_JURISDICTION) return { buildsOn, leadsTo };
  return derivedNeighbours(reader, await reader.crosswalks(id), jurisdiction);
}

/** A standard's skills as every surface tells them. */
export interface StandardSkills {
  skills: LearningComponent[];
  /** Set where the skills are derived: the standards the crosswalk rates identical whose skills they are. */
  derivedThrough?: Through[];
  /** Where the data lists none for it and nothing identical has any: the standards it matches that list skills. */
  foundIn?: Through[];
}

/** Skills of several standards as one list, each skill once, in the order first met. */
function union(lists: readonly LearningComponent[][]): LearningComponent[] {
  const seen = new Set<string>();
  return lists.flat().filter((s) => !seen.has(s.identifier) && (seen.add(s.identifier), true));
}

/**
 * A standard's skills: the data's own; where it lists none, the skills of the standards
 * the crosswalk rates identical (the same skills, by the crosswalk's own measure), marked
 * as derived through them; where none of those lists any, the standards it matches that do.
 */
export async function skillsOf(reader: ConnectionsReader, id: string): Promise<StandardSkills> {
  const own = await reader.skills(id);
  if (own.length) return { skills: own };
  return skillsThroughMatches(reader, await reader.crosswalks(id));
}

/** The skills a standard without its own gets through its crosswalks (see skillsOf). */
export async function skillsThroughMatches(
  reader: Pick<ConnectionsReader, 'skills'>,
  crosswalks: readonly Crosswalk[],
): Promise<StandardSkills> {
  if (!crosswalks.length) return { skills: [] };
  const lists = await Promise.all(crosswalks.map((c) => reader.skills(c.caseIdentifierUUID)));
  const listing = crosswalks.map((c, i) => ({ c, skills: lists[i]! })).filter((x) => x.skills.length > 0);
  const identical = listing.filter((x) => isIdentical(x.c));
  if (identical.length)
    return { skills: union(identical.map((x) => x.skills)), derivedThrough: distinctStandards(identical.map((x) => x.c)) };
  return { skills: [], ...(listing.length && { foundIn: distinctStandards(listing.map((x) => x.c)) }) };
}

/**
 * Many standards' skills at once (a framework's, in bulk), each as skillsOf tells it,
 * from lists already at hand: their own (`own`, none where absent), their crosswalks in
 * the API's order, and a way to read another standard's own skills.
 */
export async function skillsInBulk(
  ids: readonly string[],
  own: ReadonlyMap<string, LearningComponent[]>,
  crosswalks: ReadonlyMap<string, readonly Crosswalk[]>,
  skillsElsewhere: (id: string) => Promise<LearningComponent[]>,
): Promise<Map<string, StandardSkills>> {
  const reader: Pick<ConnectionsReader, 'skills'> = { skills: async (id) => own.get(id) ?? (await skillsElsewhere(id)) };
  const out = new Map<string, StandardSkills>();
  for (const id of ids) {
    const mine = own.get(id);
    out.set(id, mine?.length ? { skills: mine } : await skillsThroughMatches(reader, crosswalks.get(id) ?? []));
  }
  return out;
}

/**
 * Standards named once per jurisdiction and code: a framework may carry one standard in
 * several courses (California's high-school standards), each its own item.
 */
export function distinctStandards(list: readonly Through[]): Through[] {
  const seen = new Set<string>();
  return list
    .filter((s) => {
      const key = `${s.jurisdiction}\u0000${s.statementCode ?? s.caseIdentifierUUID}`;
      return !seen.has(key) && (seen.add(key), true);
    })
    .map(throughOf);
}

/** "California 3.NF.A.1", "Common Core 3.NF.A.1". */
export const standardName = (s: Through) =>
  `${s.jurisdiction === COMMON_CORE_JURISDICTION ? 'Common Core' : (s.jurisdiction ?? 'the standard')} ${s.statementCode ?? s.caseIdentifierUUID}`;

/** "Skills of California 3.NF.A.1, rated identical (the same skills) by the crosswalk" and the like, for a derived list. */
export const derivedSkillsNote = (through: readonly Through[]) =>
  `Skills of ${through.map(standardName).join(' and ')}, which the crosswalk rates identical (the same skills); the data lists none for this standard itself.`;

/** "Skills are listed for the standards it matches: California 3.NF.A.1, …" */
export const skillsFoundInNote = (foundIn: readonly Through[]) =>
  `The data lists no skills for this standard. Skills are listed for the standards it matches: ${foundIn.map(standardName).join(', ')}.`;
