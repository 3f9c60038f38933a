/**
 * A framework's items as the shared ranking's documents, on the device: with the saved
 * copy's headings and skills where the framework was saved, the same documents the local
 * API builds from its database (contract/search/documents.ts).
 */
import { searchDocuments, type SkillText } from '../../contract/search/documents';
import type { SearchDocument } from '../../contract/search/rank';
import type { StandardsItem } from '../../contract/schemas';
import { savedSearchExtras, savedSkillsByStandard } from '../lib/saved-skills';
import { savedFrameworkConnections } from '../lib/saved-connections';
import { skillsInBulk, standardName, type StandardSkills } from '../../contract/derived/through-matches';
import type { Crosswalk } from '../../contract/connection-schemas';
import type { LearningComponent } from '../../contract/learning-component-schemas';

export interface DeviceDocuments {
  documents: SearchDocument[];
  /** Each item's skills, in their order (the documents' `skills` are their descriptions). */
  skills: SkillText[][];
}

export async function deviceDocuments(base: string, frameworkId: string, items: readonly StandardsItem[]): Promise<DeviceDocuments> {
  const extras = await savedSearchExtras(base, frameworkId).catch(() => undefined);
  const told = extras && (await skillsAsTold(base, frameworkId, items, extras.skills));
  // A task of their own for the documents: the stored parts' reply was read in this one.
  await yieldToPage();
  const skills = items.map((i) =>
    (told?.get(i.caseIdentifierUUID)?.skills ?? []).map((s): SkillText => ({
      identifier: s.identifier,
      description: s.description ?? '',
      ...(told?.get(i.caseIdentifierUUID)?.derivedThrough && {
        through: standardName(told.get(i.caseIdentifierUUID)!.derivedThrough![0]!),
      }),
    })),
  );
  return { documents: searchDocuments(items, (id) => extras?.parents.get(id), skills), skills };
}

/**
 * Each item's skills as the local API's documents hold them (contract/derived's rule): its
 * own, or those of the standards the crosswalk rates identical, read from the saved copy's
 * crosswalks and the saved frameworks' skills (none where the other framework is not saved).
 */
async function skillsAsTold(base: string, frameworkId: string, items: readonly StandardsItem[], own: Map<string, LearningComponent[]>) {
  const ownOnly = () =>
    new Map<string, StandardSkills>(items.map((i) => [i.caseIdentifierUUID, { skills: own.get(i.caseIdentifierUUID) ?? [] }]));
  // Derived skills come from another saved framework's: with none saved, the saved
  // connections (large parts to read) are not needed.
  const elsewhere = (await savedSkillsByStandard(base, frameworkId).catch(() => undefined)) ?? new Map<string, LearningComponent[]>();
  if (!elsewhere.size) return ownOnly();
  const crosswalks = (await savedFrameworkConnections<Crosswalk>(base, frameworkId, 'crosswalks').catch(() => undefined)) ?? new Map();
  return skillsInBulk(
    items.map((i) => i.caseIdentifierUUID),
    own,
    crosswalks,
    async (id) => elsewhere.get(id) ?? [],
  );
}

/** The longest stretch of building between two yields to the page: a keystroke waits no longer. */
const SLICE_MS = 8;

/** Lets the page handle what waits (a key, a frame) before going on. */
export const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runs a building generator in slices of at most SLICE_MS, yielding to the page between
 * them. Its first slice starts a task of its own: a caller's task that has already read
 * and prepared (a stored framework's reply) would otherwise run on into it.
 */
export async function inSlices<T>(steps: Generator<void, T>): Promise<T> {
  await yieldToPage();
  let started = performance.now();
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    if (performance.now() - started > SLICE_MS) {
      await yieldToPage();
      started = performance.now();
    }
  }
}
