/**
 * Saves frameworks of a running Standards API for offline use into an in-memory store,
 * as the app saves them into IndexedDB, and makes it the store the saved copy is read
 * from: for the tests and the bench that compare a saved framework with the API.
 */
import { frameworkSchema, pageSchema } from '../../../contract/schemas';
import { fetchJson } from '../../lib/api-client';
import { memoryStore, type KeyValueStore } from '../../lib/key-value-store';
// Not a React hook, whatever its name says: it only chooses the store.
import { useSavedStoreForTests as readSavedFrom } from '../../lib/saved-standards';
import { downloadFramework } from './download-framework';
import { serviceDeps } from './download-manager';

export async function saveInMemory(base: string, frameworkIds: readonly string[], store: KeyValueStore = memoryStore()) {
  readSavedFrom(store);
  const frameworks = (await fetchJson({ baseUrl: base }, '/standards-frameworks', pageSchema(frameworkSchema))).data.data;
  for (const id of frameworkIds) {
    const framework = frameworks.find((f) => f.caseIdentifierUUID === id);
    if (!framework) throw new Error(`${base} has no framework ${id}`);
    await downloadFramework({ baseUrl: base, framework }, serviceDeps({ baseUrl: base }, store), new AbortController().signal);
  }
  return store;
}
