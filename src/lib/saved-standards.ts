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
  /**
   * Saved in parts (from the outline extension): every parent's children in this many
   * records of about a thousand items, and items read from the list's parts, instead of
   * one record per item and per parent. Absent: one record each (the per-parent walk).
   */
  childrenParts?: number;
  /** The connections in this many records of about a thousand, instead of one per item and operation. */
  connectionParts?: number;
  /** The items' learning components (skills) in this many records, item id → its skills; absent: not saved. */
  skillParts?: number;
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
  /** One part of a framework's children lists, parent → children (see childrenParts). */
  childrenPart: (base: string, fw: string, n: number) => `${savedKeys.childrenParts(base, fw)}${n}`,
  /** What every children part's key starts with. */
  childrenParts: (base: string, fw: string) => `children|${base}|${fw}|part `,
  /** One part of a framework's connections, `operation|id` → answer (see connectionParts). */
  connectionPart: (base: string, fw: string, n: number) => `${savedKeys.connectionParts(base, fw)}${n}`,
  connectionParts: (base: string, fw: string) => `connections|${base}|${fw}|part `,
  /** One part of a framework's skills, item id → its learning components (see skillParts). */
  skillPart: (base: string, fw: string, n: number) => `${savedKeys.skillParts(base, fw)}${n}`,
  skillParts: (base: string, fw: string) => `skills|${base}|${fw}|part `,
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
  metasReading.clear(); // a read of the store replaced is not the new store's
}

export async function read<T>(key: string): Promise<T | undefined> {
  try {
    return await (await savedStore()).store.get<T>(key);
  } catch {
    return undefined; // a broken entry reads as missing, never as a crash
  }
}

/**
 * Records of a framework saved in parts, read together into one map and kept in memory
 * while the save stays the same (its `savedAt`): browsing offline reads a few large
 * records once instead of one small record per lookup. A few frameworks are kept.
 */
const partsKept = new Map<string, Promise<Map<string, unknown> | undefined>>();
const PARTS_KEPT = 6;

export function savedParts<T>(
  meta: SavedFrameworkMeta,
  what: string,
  /** The parts' keys, asked for only when the parts are not kept yet. */
  keys: () => string[] | Promise<string[]>,
  entries: (part: object) => Array<[string, T]>,
): Promise<Map<string, T> | undefined> {
  const id = `${what}|${meta.baseUrl}|${meta.framework.caseIdentifierUUID}|${meta.savedAt}`;
  let kept = partsKept.get(id);
  if (!kept) {
    kept = (async () => {
      try {
        const { store } = await savedStore();
        const parts = await store.getMany<unknown>(await keys());
        if (!parts.every((p) => p && typeof p === 'object')) return undefined; // a part is missing: not saved
        return new Map(parts.flatMap((p) => entries(p as object)));
      } catch {
        return undefined;
      }
    })();
    partsKept.set(id, kept);
    void kept.then((map) => map || partsKept.delete(id)); // a failed read is tried again next time
    if (partsKept.size > PARTS_KEPT) partsKept.delete(partsKept.keys().next().value!);
  }
  return kept as Promise<Map<string, T> | undefined>;
}

/** A part's entries (parent → children, `operation|id` → answer): a Map of them. */
export const partEntries = <T>(part: object) => (part instanceof Map ? [...part] : []) as Array<[string, T]>;

/** The framework saved in parts that `holds` something, if any. */
export async function savedInParts(base: string, holds: (m: SavedFrameworkMeta) => boolean) {
  return (await savedFrameworks(base)).find((m) => m.childrenParts !== undefined && holds(m));
}

export async function savedChildren(base: string, parent: string): Promise<StandardsItem[] | undefined> {
  const own = await read<StandardsItem[]>(savedKeys.children(base, parent));
  if (own) return own;
  const meta = await savedInParts(base, (m) => m.framework.caseIdentifierUUID === parent || m.parentIds.includes(parent));
  if (!meta) return undefined;
  const fw = meta.framework.caseIdentifierUUID;
  const keys = () => Array.from({ length: meta.childrenParts! }, (_, n) => savedKeys.childrenPart(base, fw, n));
  const lists = await savedParts(meta, 'children', keys, partEntries<StandardsItem[]>);
  return lists && (lists.get(parent) ?? []);
}

/** A saved item; `known`: the saved framework it is in, where the caller has its record already. */
export async function savedItem(base: string, id: string, known?: SavedFrameworkMeta): Promise<StandardsItem | undefined> {
  const own = await read<StandardsItem>(savedKeys.item(base, id));
  if (own) return own;
  const meta = known?.childrenParts !== undefined ? known : await savedInParts(base, (m) => m.itemIds.includes(id));
  if (!meta) return undefined;
  const fw = meta.framework.caseIdentifierUUID;
  const keys = async () => {
    const record = await read<{ parts?: unknown }>(savedKeys.list(base, fw));
    return Array.from({ length: typeof record?.parts === 'number' ? record.parts : 0 }, (_, n) => savedKeys.listPart(base, fw, n));
  };
  const items = await savedParts(meta, 'items', keys, (part) =>
    (part as StandardsItem[]).map((i) => [i.caseIdentifierUUID, i] as [string, StandardsItem]),
  );
  return items?.get(id);
}

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

/**
 * The saved frameworks' records being read, per base URL: whoever asks meanwhile shares
 * the read. Each record lists its framework's item ids (about 10,000 in the largest), and
 * a page of search results offline asked for them some fifty times at once (each result's
 * path), leaving the page collecting garbage for 30–40 ms at a time.
 */
const metasReading = new Map<string, Promise<SavedFrameworkMeta[]>>();

export function savedFrameworks(base: string): Promise<SavedFrameworkMeta[]> {
  let reading = metasReading.get(base);
  if (!reading) {
    reading = readSavedFrameworks(base);
    metasReading.set(base, reading);
    const done = reading;
    void done.then(() => metasReading.get(base) === done && metasReading.delete(base));
  }
  return reading.then((metas) => [...metas]); // each caller's own list, to sort or filter
}

/** A save or a removal has written the records: a read in flight may predate it, and is not shared from now on. */
export function savedFrameworksChanged(base: string) {
  metasReading.delete(base);
}

async function readSavedFrameworks(base: string): Promise<SavedFrameworkMeta[]> {
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
    // Parts, however many were written (a save stopped after writing them has no meta).
    ...(await store.keys(savedKeys.childrenParts(base, fw))),
    ...(await store.keys(savedKeys.connectionParts(base, fw))),
    ...(await store.keys(savedKeys.skillParts(base, fw))),
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
  savedFrameworksChanged(base);
}

/**
 * Each item's parent in a saved framework, child id → parent id; undefined where the save
 * lost the record. Kept while the save stays the same: ten search results on a page ask for
 * their paths at once, and the device's search reads it for the headings above each item.
 */
export function savedParents(meta: SavedFrameworkMeta): Promise<Map<string, string> | undefined> {
  const keys = () => [savedKeys.parents(meta.baseUrl, meta.framework.caseIdentifierUUID)];
  return savedParts(meta, 'parents', keys, (record) => Object.entries(record as Record<string, string>));
}

/** The ancestors of an item of a saved framework (top level first), or undefined. */
export async function savedAncestors(base: string, id: string): Promise<StandardsItem[] | undefined> {
  const meta = (await savedFrameworks(base)).find((m) => m.itemIds.includes(id));
  if (!meta) return undefined;
  const fw = meta.framework.caseIdentifierUUID;
  const parents = await savedParents(meta);
  if (!parents) return undefined;
  const chain: StandardsItem[] = [];
  for (let p = parents.get(id); p && p !== fw && chain.length < 50; p = parents.get(p)) {
    const item = await savedItem(base, p, meta);
    if (!item) return undefined;
    chain.unshift(item);
  }
  return chain;
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
