/**
 * The query cache, persisted to IndexedDB so everything a user browsed is there after
 * a reload with no network. A new cache format (the buster) drops old entries; broken
 * entries are dropped too; blocked or full storage falls back to memory with a message.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { isQuotaError, openStore } from './key-value-store';
import { reportStorageIssue } from './storage-status';
import { persistedJson } from './persisted-json';
import { pageStill } from './when-seen-still';

/** Bump when cached shapes change incompatibly. */
export const CACHE_BUSTER = `${__APP_VERSION__}-1`;

const store = openStore('standards-explorer-cache', 'queries').then(({ store, problem }) => {
  if (problem) reportStorageIssue(problem);
  return store;
});

export const queryPersister = createAsyncStoragePersister({
  key: 'standards-explorer.query-cache',
  throttleTime: 1000,
  // Only what changed since the last write is stringified (persisted-json.ts), and only once
  // the page is still: a write while the List view scrolls and loads its pages was a pause.
  serialize: async (client) => {
    await pageStill();
    return persistedJson(client);
  },
  storage: {
    getItem: async (key) => {
      try {
        const value = await (await store).get<unknown>(key);
        if (value === undefined || value === null) return null;
        if (typeof value !== 'string') throw new Error('not a string');
        JSON.parse(value); // a corrupted entry must not break start-up
        return value;
      } catch {
        reportStorageIssue('corrupt');
        await (await store).delMany([key]).catch(() => {});
        return null;
      }
    },
    setItem: async (key, value: string) => {
      try {
        await (await store).set(key, value);
      } catch (e) {
        reportStorageIssue(isQuotaError(e) ? 'quota' : 'blocked');
      }
    },
    removeItem: async (key) => {
      await (await store).delMany([key]).catch(() => {});
    },
  },
});
