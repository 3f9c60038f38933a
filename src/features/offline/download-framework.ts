/**
 * Saves a whole framework for offline use: every list page, then the children of the
 * framework and of every item with children, with bounded concurrency, retry with
 * backoff, cancel, and resume from where an interrupted run stopped.
 * Runs in the browser and, for tests, in Node against the real local API.
 */
import type { Framework, Page, StandardsItem } from '../../../contract/schemas';
import type { FrameworkConnection } from '../../../contract/connection-schemas';
import { CONNECTION_OPERATIONS } from '../../../contract/connection-operations';
import { collectPages, inPool } from '../../lib/paging';
import { ApiError, type Fetched, type QueryValue } from '../../lib/api-client';
import type { KeyValueStore } from '../../lib/key-value-store';
import { isPlan, savedFrameworksChanged, savedKeys, type PlanState, type SavedFrameworkMeta } from '../../lib/saved-standards';

export interface DownloadProgress {
  /** 'app': the data is saved, the app's own code is being kept on the device (download-manager.ts). */
  phase: 'list' | 'children' | 'connections' | 'skills' | 'done' | 'app';
  itemsDone: number;
  /** Known once every list page is in. */
  itemsTotal: number | null;
  requestsDone: number;
  requestsTotal: number | null;
  bytes: number;
  retries: number;
}

/** An item of the local API's outline extension: the item plus the CASE UUIDs of its parents. */
export type OutlineItem = StandardsItem & { parentCaseIdentifierUUIDs?: unknown };

/** One answer of the framework connections extension (only what the save files it by). */
type ConnectionRow = Pick<FrameworkConnection, 'operation' | 'standardCaseIdentifierUUID'>;
/** One row of the framework skills extension: a skill with the standard it supports. */
type SkillRow = { standardCaseIdentifierUUID: string };
type FetchRows<R> = (path: string, params: Record<string, QueryValue>, signal: AbortSignal) => Promise<Fetched<Page<R>>>;

export interface DownloadDeps {
  store: KeyValueStore;
  fetchPage: (path: string, params: Record<string, QueryValue>, signal: AbortSignal) => Promise<Fetched<Page<StandardsItem>>>;
  /** A page of the framework's outline (the local API's extension): the whole tree in a few requests. */
  fetchOutline?: (path: string, params: Record<string, QueryValue>, signal: AbortSignal) => Promise<Fetched<Page<OutlineItem>>>;
  /** A page of the framework's connections (the local API's extension). */
  fetchConnections?: FetchRows<ConnectionRow>;
  /** A page of the framework's skills, one row per standard and skill (the local API's extension). */
  fetchSkills?: FetchRows<SkillRow>;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => Date;
}

export interface DownloadOptions {
  baseUrl: string;
  framework: Framework;
  concurrency?: number;
  maxAttempts?: number;
  backoffMs?: number;
}

/** Items per page of the outline extension (its largest page). */
const OUTLINE_PAGE = 1000;

const freshPlan = (): PlanState => ({
  version: 1,
  listCursor: null,
  listDone: false,
  listPages: 0,
  itemIds: [],
  parents: [],
  childrenDone: [],
  bytes: 0,
  dataAsOf: null,
});

/** Items per part of a saved list: storing 10,000 items as one record is one long pause of the page. */
const LIST_PART = 1000;

/** A framework's list, stored in parts of LIST_PART items under a small record that counts them. */
async function writeSavedList(store: KeyValueStore, base: string, fw: string, items: StandardsItem[]) {
  const parts = Math.ceil(items.length / LIST_PART);
  for (let n = 0; n < parts; n++) await store.set(savedKeys.listPart(base, fw, n), items.slice(n * LIST_PART, (n + 1) * LIST_PART));
  await store.set(savedKeys.list(base, fw), { parts });
}

/**
 * Writes many small lists (each parent's children, each item's connections) as a few
 * records of about a thousand entries, keyed `part n`: the browser's storage costs about
 * 0.1 ms per record written (measured in Chromium: 1,000 records 80–140 ms, one record
 * of the same 1,000 objects 3.4 ms), so one record per list made saving the largest
 * framework's 4,562 children lists and 4,295 connection lists take 3.4 s. A thousand
 * entries a record also keeps each write's copy on the page's thread short.
 */
async function writeInParts(store: KeyValueStore, keyOf: (n: number) => string, lists: Iterable<[string, unknown[]]>) {
  // A Map, not an object: a key is data (an id), never a property such as __proto__.
  let part = new Map<string, unknown[]>();
  let size = 0;
  let parts = 0;
  for (const [key, list] of lists) {
    part.set(key, list);
    size += list.length + 1;
    if (size >= LIST_PART) {
      await store.set(keyOf(parts++), part);
      [part, size] = [new Map(), 0];
    }
  }
  if (size) await store.set(keyOf(parts++), part);
  return parts;
}

/** Appends to the list under `key`, starting it if needed (in place: lists may be long). */
function addTo<T>(lists: Map<string, T[]>, key: string, value: T) {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

const retryable = (e: unknown) => e instanceof ApiError && (e.status === 0 || e.status === 429 || e.status >= 500);

function abortableSleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });
}

export async function downloadFramework(
  { baseUrl, framework, concurrency = 4, maxAttempts = 5, backoffMs = 400 }: DownloadOptions,
  { store, fetchPage, fetchOutline, fetchConnections, fetchSkills, sleep = abortableSleep, now = () => new Date() }: DownloadDeps,
  signal: AbortSignal,
  onProgress: (p: DownloadProgress) => void = () => {},
): Promise<SavedFrameworkMeta> {
  const fw = framework.caseIdentifierUUID;
  const stored = await store.get<unknown>(savedKeys.plan(baseUrl, fw));
  const plan = isPlan(stored) ? stored : freshPlan();
  let requestsDone = plan.listPages + plan.childrenDone.length;
  // Each item's parent as the outline extension gave it, when this run took the whole
  // tree from it (then no per-parent requests).
  let outlineParents: Record<string, string> | null = null;
  const known = new Set(plan.itemIds); // a page refetched after a crash adds nothing twice
  let retries = 0;
  const report = (phase: DownloadProgress['phase']) =>
    onProgress({
      phase,
      itemsDone: plan.itemIds.length,
      itemsTotal: plan.listDone ? plan.itemIds.length : null,
      requestsDone,
      requestsTotal: plan.listDone
        ? plan.listPages + outlinePages + (outlineParents ? 0 : plan.parents.length) + bulkPages
        : outlinePages
          ? outlinePages + bulkPages
          : null,
      bytes: plan.bytes,
      retries,
    });
  const savePlan = () => store.set(savedKeys.plan(baseUrl, fw), plan);

  async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      signal.throwIfAborted();
      try {
        return await fn();
      } catch (e) {
        if (signal.aborted || !retryable(e) || attempt >= maxAttempts) throw e;
        retries++;
        await sleep(backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5), signal);
      }
    }
  }

  let connections = false;
  let connectionParts: number | undefined;
  let skillParts: number | undefined;
  let childrenParts: number | undefined;
  // Pages of connections and skills expected: one each until a page says there are more.
  let bulkPages = (fetchConnections ? 1 : 0) + (fetchSkills ? 1 : 0);
  /**
   * One of a framework's bulk extensions (connections, skills), every page, grouped by
   * `keyOf` and written in parts; undefined where the service lacks the extension (the
   * save then holds the framework without it).
   */
  async function saveBulk<R>(
    phase: DownloadProgress['phase'],
    fetchRows: FetchRows<R>,
    path: string,
    limit: number,
    keyOf: (row: R) => string,
    partKey: (n: number) => string,
  ): Promise<number | undefined> {
    let rows: R[];
    try {
      rows = await collectPages(async (cursor) => {
        const { data: page, bytes } = await withRetry(() => fetchRows(path, { limit, cursor }, signal));
        plan.bytes += bytes;
        requestsDone++;
        if (page.pagination.hasMore) bulkPages++;
        report(phase);
        return page;
      });
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 400)) {
        bulkPages--;
        return undefined;
      }
      throw e;
    }
    const lists = new Map<string, unknown[]>();
    for (const row of rows) addTo(lists, keyOf(row), row);
    return writeInParts(store, partKey, lists);
  }

  // Pages of the outline expected: one until a page says there are more.
  let outlinePages = 0;
  /**
   * The list and every parent's children from the outline extension, where the service
   * offers it: a few pages instead of one request per parent. Children are each parent's
   * items in outline order, which is the children operation's order. False where the
   * service lacks it (the walk below does the work then).
   */
  async function saveOutline(): Promise<boolean> {
    const children = new Map<string, StandardsItem[]>([[fw, []]]);
    const firstParent: Record<string, string> = {};
    const items: StandardsItem[] = [];
    outlinePages = 1;
    try {
      await collectPages(async (cursor) => {
        const { data: page, bytes } = await withRetry(() =>
          fetchOutline!(`/standards-frameworks/${encodeURIComponent(fw)}/outline`, { limit: OUTLINE_PAGE, cursor }, signal),
        );
        const pageItems = page.data.map(({ parentCaseIdentifierUUIDs: parents, ...item }) => {
          for (const parent of Array.isArray(parents) ? parents : []) {
            if (typeof parent !== 'string') continue;
            firstParent[item.caseIdentifierUUID] ??= parent;
            addTo(children, parent, item);
          }
          return item;
        });
        items.push(...pageItems);
        for (const { caseIdentifierUUID: id } of pageItems) {
          if (known.has(id)) continue;
          known.add(id);
          plan.itemIds.push(id);
        }
        plan.bytes += bytes;
        requestsDone++;
        if (page.pagination.hasMore) outlinePages++;
        await savePlan();
        report('list');
        return { data: [], pagination: page.pagination };
      });
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        outlinePages = 0;
        return false;
      }
      throw e;
    }
    noteDates(items);
    plan.parents = [fw, ...items.filter((i) => i.hasChildren).map((i) => i.caseIdentifierUUID)];
    // Items are read back from the list's parts: no record per item or per parent.
    childrenParts = await writeInParts(
      store,
      (n) => savedKeys.childrenPart(baseUrl, fw, n),
      plan.parents.map((p) => [p, children.get(p) ?? []]),
    );
    await writeSavedList(store, baseUrl, fw, items);
    plan.listDone = true;
    plan.childrenDone = [...plan.parents];
    await savePlan();
    outlineParents = firstParent;
    return true;
  }

  const noteDates = (items: StandardsItem[]) => {
    for (const i of items) if (i.dateModified && (!plan.dataAsOf || i.dateModified > plan.dataAsOf)) plan.dataAsOf = i.dateModified;
  };

  try {
    report('list');
    // 0. The whole outline in a few pages, where the service offers it.
    if (!plan.listDone && fetchOutline) await saveOutline();
    // 1. The list: cursor pages are a chain, so this part is sequential.
    while (!plan.listDone) {
      const params = { standardsFrameworkCaseIdentifierUUID: fw, limit: 1000, cursor: plan.listCursor };
      const { data: page, bytes } = await withRetry(() => fetchPage('/academic-standards', params, signal));
      await store.setMany(page.data.map((i) => [savedKeys.item(baseUrl, i.caseIdentifierUUID), i] as [string, unknown]));
      noteDates(page.data);
      for (const item of page.data) {
        if (known.has(item.caseIdentifierUUID)) continue;
        known.add(item.caseIdentifierUUID);
        plan.itemIds.push(item.caseIdentifierUUID);
        if (item.hasChildren) plan.parents.push(item.caseIdentifierUUID);
      }
      plan.bytes += bytes;
      plan.listPages++;
      requestsDone++;
      plan.listCursor = page.pagination.nextCursor;
      if (!page.pagination.hasMore) {
        plan.listDone = true;
        plan.parents.unshift(fw); // the framework's own top level
      }
      await savePlan();
      report('list');
    }
    if (!outlineParents) {
      const items = (await store.getMany<StandardsItem>(plan.itemIds.map((id) => savedKeys.item(baseUrl, id)))).filter(
        (i): i is StandardsItem => !!i,
      );
      await writeSavedList(store, baseUrl, fw, items);
    }

    // 2. Children of every parent, a few at a time.
    report('children');
    const done = new Set(plan.childrenDone);
    let sinceSave = 0;
    await inPool(
      plan.parents.filter((p) => !done.has(p)),
      concurrency,
      async (parent) => {
        let children: StandardsItem[] = [];
        try {
          children = await collectPages(async (cursor) => {
            const params: Record<string, QueryValue> = { limit: 1000, cursor };
            const { data: page, bytes }: Fetched<Page<StandardsItem>> = await withRetry(() =>
              fetchPage(`/academic-standards/${parent}/children`, params, signal),
            );
            plan.bytes += bytes;
            return page;
          });
        } catch (e) {
          // The hosted service may not list a framework's top level; the list covers it.
          if (!(parent === fw && e instanceof ApiError && e.status === 404)) throw e;
        }
        await store.set(savedKeys.children(baseUrl, parent), children);
        plan.childrenDone.push(parent);
        requestsDone++;
        if (++sinceSave >= 20) {
          sinceSave = 0;
          await savePlan();
        }
        report('children');
      },
    );

    // 3. Connections, where the service answers a framework's in bulk (a few pages); one
    // request per standard and operation would multiply the save's requests by four.
    if (fetchConnections) {
      report('connections');
      connectionParts = await saveBulk(
        'connections',
        fetchConnections,
        `/standards-frameworks/${fw}/connections`,
        1000,
        (row) => `${row.operation}|${row.standardCaseIdentifierUUID}`,
        (n) => savedKeys.connectionPart(baseUrl, fw, n),
      );
      connections = connectionParts !== undefined;
    }
    // 4. Skills, the same way: a framework's in a page or a few (California Math's 3,818 in 2).
    if (fetchSkills) {
      report('skills');
      skillParts = await saveBulk(
        'skills',
        fetchSkills,
        `/standards-frameworks/${fw}/learning-components`,
        2000,
        (row) => row.standardCaseIdentifierUUID,
        (n) => savedKeys.skillPart(baseUrl, fw, n),
      );
    }
  } catch (e) {
    await savePlan().catch(() => {}); // keep what was done for a resume
    throw e;
  }

  const previous = await store.get<SavedFrameworkMeta>(savedKeys.meta(baseUrl, fw));
  const meta: SavedFrameworkMeta = {
    framework,
    baseUrl,
    savedAt: now().toISOString(),
    itemCount: plan.itemIds.length,
    bytes: plan.bytes,
    dataAsOf: plan.dataAsOf,
    complete: true,
    itemIds: plan.itemIds,
    parentIds: plan.parents,
    connections,
    childrenParts,
    connectionParts,
    skillParts,
  };
  // Each item's parent, for paths offline: known from the outline, else read back from
  // the children lists the walk saved.
  const parents: Record<string, string> = outlineParents ?? {};
  if (!outlineParents) {
    const childLists = await store.getMany<StandardsItem[]>(plan.parents.map((p) => savedKeys.children(baseUrl, p)));
    plan.parents.forEach((parent, i) => childLists[i]?.forEach((child) => (parents[child.caseIdentifierUUID] ??= parent)));
  }
  await store.set(savedKeys.parents(baseUrl, fw), parents);
  await store.set(savedKeys.meta(baseUrl, fw), meta);
  savedFrameworksChanged(baseUrl);
  if (previous) await store.delMany(staleRecords(baseUrl, previous, meta));
  await store.delMany([savedKeys.plan(baseUrl, fw)]);
  report('done');
  return meta;
}

/**
 * What a refresh leaves behind: records of items and parents the new data no longer has,
 * records one per item or parent where the new save keeps them in parts, and parts past
 * the new save's count.
 */
function staleRecords(base: string, previous: SavedFrameworkMeta, meta: SavedFrameworkMeta): string[] {
  const fw = meta.framework.caseIdentifierUUID;
  const inParts = meta.childrenParts !== undefined;
  const keepItems = new Set(inParts ? [] : meta.itemIds);
  const keepParents = new Set(inParts ? [] : meta.parentIds);
  const stale: string[] = [];
  if (previous.childrenParts === undefined) {
    stale.push(...previous.itemIds.filter((id) => !keepItems.has(id)).map((id) => savedKeys.item(base, id)));
    stale.push(...previous.parentIds.filter((id) => !keepParents.has(id)).map((id) => savedKeys.children(base, id)));
  }
  if (previous.connections && previous.connectionParts === undefined)
    for (const id of previous.itemIds) for (const op of CONNECTION_OPERATIONS) stale.push(savedKeys.connections(base, op, id));
  for (let n = meta.childrenParts ?? 0; n < (previous.childrenParts ?? 0); n++) stale.push(savedKeys.childrenPart(base, fw, n));
  for (let n = meta.connectionParts ?? 0; n < (previous.connectionParts ?? 0); n++) stale.push(savedKeys.connectionPart(base, fw, n));
  for (let n = meta.skillParts ?? 0; n < (previous.skillParts ?? 0); n++) stale.push(savedKeys.skillPart(base, fw, n));
  return stale;
}
