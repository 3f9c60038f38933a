/**
 * The small key-value interface offline data is kept behind: IndexedDB in the browser
 * (through idb-keyval), a Map in memory when IndexedDB is blocked or broken, and a Map
 * in unit tests. Failures are reported, never thrown at the UI.
 */
import { clear, createStore, delMany, get, getMany, keys, set, setMany, type UseStore } from 'idb-keyval';

export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  getMany<T>(keys: string[]): Promise<Array<T | undefined>>;
  set(key: string, value: unknown): Promise<void>;
  setMany(entries: Array<[string, unknown]>): Promise<void>;
  delMany(keys: string[]): Promise<void>;
  keys(prefix: string): Promise<string[]>;
  clear(): Promise<void>;
}

export function memoryStore(): KeyValueStore {
  const map = new Map<string, unknown>();
  return {
    get: async <T>(k: string) => map.get(k) as T | undefined,
    getMany: async <T>(ks: string[]) => ks.map((k) => map.get(k) as T | undefined),
    set: async (k, v) => void map.set(k, v),
    setMany: async (es) => es.forEach(([k, v]) => map.set(k, v)),
    delMany: async (ks) => ks.forEach((k) => map.delete(k)),
    keys: async (prefix) => [...map.keys()].filter((k) => k.startsWith(prefix)),
    clear: async () => map.clear(),
  };
}

export function indexedDbStore(dbName: string, storeName: string): KeyValueStore {
  const store: UseStore = createStore(dbName, storeName);
  return {
    get: (k) => get(k, store),
    getMany: (ks) => getMany(ks, store),
    set: (k, v) => set(k, v, store),
    setMany: (es) => setMany(es, store),
    delMany: (ks) => delMany(ks, store),
    keys: async (prefix) => (await keys<string>(store)).filter((k) => typeof k === 'string' && k.startsWith(prefix)),
    clear: () => clear(store),
  };
}

export type StorageProblem = 'blocked' | 'quota' | null;

/** Recognizes the browser's "storage full" errors across engines. */
export function isQuotaError(e: unknown): boolean {
  const name = (e as { name?: string } | null)?.name ?? '';
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || /quota/i.test(String((e as Error)?.message ?? ''));
}

/** Opens IndexedDB if it works here; otherwise memory, and says why. */
export async function openStore(dbName: string, storeName: string): Promise<{ store: KeyValueStore; problem: StorageProblem }> {
  try {
    if (typeof indexedDB === 'undefined') throw new Error('no IndexedDB');
    const store = indexedDbStore(dbName, storeName);
    await store.get('__probe__'); // throws where storage is blocked (private modes, some iframes)
    return { store, problem: null };
  } catch {
    return { store: memoryStore(), problem: 'blocked' };
  }
}
