/**
 * Frameworks saved for offline use: every item, every parent's children and the list,
 * per API base URL, in IndexedDB. Query functions fall back to these when the network
 * is gone, so saved frameworks browse fully offline whatever the query cache holds.
 */
import type { Framework, StandardsItem } from '../../contract/schemas';
import { CONNECTION_OPERATIONS } from '../../contract/connection-operations';
import { openStore, type KeyValueStore, type StorageProblem } from './key-value-store';

export interface SavedFrameworkMeta {
  framework: Framework;
  baseUrl: string;
  savedAt: string;
  itemCount: number;
  bytes: number;
  /** Newest dateModified among the items: the "data as of" date. */
  dataAsOf: string | null;
  complete: boolean;
  itemIds: string[];
  parentIds: string[];
  /** Whether the save holds the items' connections (where the service answers them in bulk). */
  connections?: boolean;
}

export const savedKeys = {
  meta: (base: string, fw: string) => `meta|${base}|${fw}`,
  plan: (base: string, fw: string) => `plan|${base}|${fw}`,
  list: (base: string, fw: string) => `list|${base}|${fw}`,
  /** One part of a saved framework's list (see writeSavedList). */
  listPart: (base: string, fw: string, n: number) => `list|${base}|${fw}|${n}`,
  children: (base: string, parent: string) => `children|${base}|${parent}`,
  item: (base: string, id: string) => `item|${base}|${id}`,
  /** What one connections operation answers for an item of a saved framework. */
  connections: (base: string, operation: string, id: string) => `connections|${base}|${operation}|${id}`,
  /** child id → parent id for every item of a saved framework: ancestor paths offline. */
  parents: (base: string, fw: string) => `parents|${base}|${fw}`,
};

let opened: Promise<{ store: KeyValueStore; problem: StorageProblem }> | null = null;

/** The saved-data store, opened once; memory-backed (with a problem) where IndexedDB is blocked. */
export function savedStore() {
  opened ??= openStore('standards-explorer-saved', 'records');
  return opened;
}

/** Tests and the settings page may replace the store (e.g. with memory). */
export function useSavedStoreForTests(store: KeyValueStore) {
  opened = Promise.resolve({ store, problem: null });
}

export async function read<T>(key: string): Promise<T | undefined> {
  try {
    return await (await savedStore()).store.get<T>(key);
  } catch {
    return undefined; // a broken entry reads as missing, never as a crash
  }
}

export const savedChildren = (base: string, parent: string) => read<StandardsItem[]>(savedKeys.children(base, parent));
export const savedItem = (base: string, id: string) => read<StandardsItem>(savedKeys.item(base, id));
/** A saved framework's list (in parts, or as one record as saves before parts wrote it). */
export async function savedList(base: string, fw: string): Promise<StandardsItem[] | undefined> {
  const record = await read<StandardsItem[] | { parts: number }>(savedKeys.list(base, fw));
  if (!record || Array.isArray(record)) return record;
  try {
    const { store } = await savedStore();
    const parts = await store.getMany<StandardsItem[]>(Array.from({ length: record.parts }, (_, n) => savedKeys.listPart(base, fw, n)));
    return parts.every(Array.isArray) ? parts.flat() : undefined;
  } catch {
    return undefined;
  }
}

export async function savedFrameworks(base: string): Promise<SavedFrameworkMeta[]> {
  try {
    const { store } = await savedStore();
    const keys = await store.keys(`meta|${base}|`);
    const metas = await store.getMany<SavedFrameworkMeta>(keys);
    return metas
      .filter((m): m is SavedFrameworkMeta => !!m && typeof m === 'object' && !!m.framework)
      .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  } catch {
    return [];
  }
}

export async function removeSavedFramework(base: string, fw: string) {
  const { store } = await savedStore();
  const listRecord = await store.get<{ parts?: unknown }>(savedKeys.list(base, fw)).catch(() => undefined);
  const parts = typeof listRecord?.parts === 'number' ? listRecord.parts : 0;
  const keys = [
    savedKeys.meta(base, fw),
    savedKeys.plan(base, fw),
    savedKeys.list(base, fw),
    ...Array.from({ length: parts }, (_, n) => savedKeys.listPart(base, fw, n)),
    savedKeys.children(base, fw),
    savedKeys.parents(base, fw),
  ];
  // A finished save lists its records in the meta; an interrupted one in its plan.
  for (const record of [
    await store.get<Partial<SavedFrameworkMeta>>(savedKeys.meta(base, fw)),
    await store.get<{ itemIds?: string[]; parents?: string[] }>(savedKeys.plan(base, fw)),
  ]) {
    const r = record as { itemIds?: unknown; parentIds?: unknown; parents?: unknown } | undefined;
    for (const id of Array.isArray(r?.itemIds) ? r.itemIds : []) {
      keys.push(savedKeys.item(base, String(id)));
      for (const op of CONNECTION_OPERATIONS) keys.push(savedKeys.connections(base, op, String(id)));
    }
    for (const id of [r?.parentIds, r?.parents].flatMap((l) => (Array.isArray(l) ? l : [])))
      keys.push(savedKeys.children(base, String(id)));
  }
  await store.delMany(keys);
}

/** The ancestors of an item of a saved framework (top level first), or undefined. */
export async function savedAncestors(base: string, id: string): Promise<StandardsItem[] | undefined> {
  for (const meta of await savedFrameworks(base)) {
    if (!meta.itemIds.includes(id)) continue;
    const parents = await read<Record<string, string>>(savedKeys.parents(base, meta.framework.caseIdentifierUUID));
    if (!parents) return undefined;
    const chain: StandardsItem[] = [];
    for (let p = parents[id]; p && p !== meta.framework.caseIdentifierUUID && chain.length < 50; p = parents[p]) {
      const item = await savedItem(base, p);
      if (!item) return undefined;
      chain.unshift(item);
    }
    return chain;
  }
  return undefined;
}

/** What survives an interruption: enough to continue without repeating finished work. */
export interface PlanState {
  version: 1;
  listCursor: string | null;
  listDone: boolean;
  listPages: number;
  itemIds: string[];
  parents: string[];
  childrenDone: string[];
  bytes: number;
  dataAsOf: string | null;
}

export function isPlan(v: unknown): v is PlanState {
  const p = v as PlanState | null;
  return !!p && p.version === 1 && Array.isArray(p.itemIds) && Array.isArray(p.parents) && Array.isArray(p.childrenDone);
}

/** A save that was started and not finished (cancelled, closed, failed): it can resume. */
export async function pendingDownload(store: KeyValueStore, baseUrl: string, frameworkId: string): Promise<{ itemsDone: number } | null> {
  const plan = await store.get<unknown>(savedKeys.plan(baseUrl, frameworkId));
  return isPlan(plan) ? { itemsDone: plan.itemIds.length } : null;
}
