/**
 * The saved frameworks' records are large (each lists its items' ids): reads asked for at
 * once share one read, and a save that writes them is never answered from a read that
 * started before it.
 */
import { describe, expect, it } from 'vitest';
import { memoryStore, type KeyValueStore } from './key-value-store';
import {
  savedAncestors,
  savedFrameworks,
  savedFrameworksChanged,
  savedKeys,
  useSavedStoreForTests,
  type SavedFrameworkMeta,
} from './saved-standards';
import type { StandardsItem } from '../../contract/schemas';

const BASE = 'https://standards.test/api/v0';

/** A memory store that counts reads of the saved frameworks' records, and can hold them back; `install` makes it the saved store. */
function countingStore(install: (store: KeyValueStore) => void = useSavedStoreForTests) {
  const store = memoryStore();
  let metaReads = 0;
  let gate: Promise<void> | undefined;
  const counted: KeyValueStore = {
    ...store,
    keys: async (prefix) => {
      // What the records were when the read began, as a transaction sees them.
      const found = await store.keys(prefix);
      if (prefix.startsWith('meta|')) {
        metaReads++;
        await gate;
      }
      return found;
    },
  };
  install(counted);
  return {
    store,
    reads: () => metaReads,
    holdReads: () => {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

const item = (id: string): StandardsItem => ({ caseIdentifierUUID: id, statementCode: id.toUpperCase() }) as unknown as StandardsItem;

function meta(fw: string, itemIds: string[], savedAt = '2026-11-01T00:00:00.000Z'): SavedFrameworkMeta {
  return {
    framework: { caseIdentifierUUID: fw, name: fw } as SavedFrameworkMeta['framework'],
    baseUrl: BASE,
    savedAt,
    itemCount: itemIds.length,
    bytes: 0,
    dataAsOf: null,
    complete: true,
    itemIds,
    parentIds: [],
    childrenParts: 1,
  };
}

describe('the saved frameworks read', () => {
  it('is shared by callers who ask at once, each given a list of its own', async () => {
    const { store, reads } = countingStore();
    await store.set(savedKeys.meta(BASE, 'fw'), meta('fw', ['a']));
    const lists = await Promise.all([savedFrameworks(BASE), savedFrameworks(BASE), savedFrameworks(BASE)]);
    expect(reads()).toBe(1);
    expect(lists.map((l) => l.map((m) => m.framework.caseIdentifierUUID))).toEqual([['fw'], ['fw'], ['fw']]);
    lists[0]!.pop();
    expect(lists[1]).toHaveLength(1);
    await savedFrameworks(BASE);
    expect(reads()).toBe(2); // finished reads are not kept: the next asks again
  });

  it('after a save, never answers from a read that started before it', async () => {
    const { store, reads, holdReads } = countingStore();
    const release = holdReads();
    const before = savedFrameworks(BASE);
    await new Promise((resolve) => setTimeout(resolve, 0)); // its read has begun, and waits
    await store.set(savedKeys.meta(BASE, 'new'), meta('new', ['a']));
    savedFrameworksChanged(BASE);
    const after = savedFrameworks(BASE);
    release();
    expect((await before).map((m) => m.framework.caseIdentifierUUID)).toEqual([]);
    expect((await after).map((m) => m.framework.caseIdentifierUUID)).toEqual(['new']);
    expect(reads()).toBe(2);
  });
});

describe('a saved item’s ancestors', () => {
  it('reads the saved frameworks once for the whole path, top level first', async () => {
    const { store, reads } = countingStore();
    const ids = ['domain', 'cluster', 'standard', 'part'];
    await store.set(savedKeys.meta(BASE, 'fw'), meta('fw', ids));
    await store.set(savedKeys.list(BASE, 'fw'), { parts: 1 });
    await store.set(savedKeys.listPart(BASE, 'fw', 0), ids.map(item));
    await store.set(savedKeys.parents(BASE, 'fw'), { domain: 'fw', cluster: 'domain', standard: 'cluster', part: 'standard' });
    const path = await savedAncestors(BASE, 'part');
    expect(path?.map((i) => i.caseIdentifierUUID)).toEqual(['domain', 'cluster', 'standard']);
    expect(reads()).toBe(1);
    expect(await savedAncestors(BASE, 'not-saved')).toBeUndefined();
  });

  it('is undefined where the save lost its parents record (not an empty path)', async () => {
    const { store } = countingStore();
    await store.set(savedKeys.meta(BASE, 'fw2'), meta('fw2', ['x'], '2026-11-02T00:00:00.000Z'));
    expect(await savedAncestors(BASE, 'x')).toBeUndefined();
  });
});
