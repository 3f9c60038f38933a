/**
 * A framework's items as the shared ranking's documents, on the device: with the saved
 * copy's headings and skills where the framework was saved, the same documents the local
 * API builds from its database (contract/search/documents.ts).
 */
import { searchDocuments, type SkillText } from '../../contract/search/documents';
import type { SearchDocument } from '../../contract/search/rank';
import type { StandardsItem } from '../../contract/schemas';
import { savedSearchExtras } from '../lib/saved-skills';

export interface DeviceDocuments {
  documents: SearchDocument[];
  /** Each item's skills, in their order (the documents' `skills` are their descriptions). */
  skills: SkillText[][];
}

export async function deviceDocuments(base: string, frameworkId: string, items: readonly StandardsItem[]): Promise<DeviceDocuments> {
  const extras = await savedSearchExtras(base, frameworkId).catch(() => undefined);
  const skills = items.map((i) =>
    (extras?.skills.get(i.caseIdentifierUUID) ?? []).map((s): SkillText => ({
      identifier: s.identifier,
      description: s.description ?? '',
    })),
  );
  return { documents: searchDocuments(items, (id) => extras?.parents[id], skills), skills };
}

/** The longest stretch of building between two yields to the page: a keystroke waits no longer. */
const SLICE_MS = 8;

/** Runs a building generator in slices of at most SLICE_MS, yielding to the page between them. */
export async function inSlices<T>(steps: Generator<void, T>): Promise<T> {
  let started = performance.now();
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    if (performance.now() - started > SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      started = performance.now();
    }
  }
}
