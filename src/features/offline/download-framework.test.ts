/**
 * The download planner against the real local API on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameworkSchema, pageSchema, standardsItemSchema, type Framework, type StandardsItem } from '../../../contract/schemas';
import { frameworkConnectionSchema } from '../../../contract/connection-schemas';
import { ApiError, fetchJson } from '../../lib/api-client';
import { memoryStore } from '../../lib/key-value-store';
import {
  removeSavedFramework,
  savedChildren,
  savedItem,
  savedKeys,
  useSavedStoreForTests,
  type SavedFrameworkMeta,
} from '../../lib/saved-standards';
import { savedConnections, savedFrameworkConnections } from '../../lib/saved-connections';
import { CA_MATH, DEFAULT_DATA, REAL_DATA, openApi, readExport } from '../../../server/test-support/real-api';
import { frameworkLearningComponentSchema } from '../../../contract/learning-component-schemas';
import { savedSkill, savedSkillsOf, savedStandardsOfSkill } from '../../lib/saved-skills';
import { listen } from '../../../server/test-support/listen';
import { downloadFramework, type DownloadDeps, type DownloadProgress } from './download-framework';
import { pendingDownload } from '../../lib/saved-standards';

const DATA = REAL_DATA;
/** California's 3.NF.A.1, aligned to Common Core's. */
const CA_3NFA1 = '5ebef26f-d7cc-11e8-824f-0242ac160002';
const page = pageSchema(standardsItemSchema);
let server: Awaited<ReturnType<typeof listen>>;
let base: string;
let framework: Framework;
let data: ReturnType<typeof readExport>;

beforeAll(async () => {
  const api = await openApi(DEFAULT_DATA);
  server = await listen(api.app.fetch);
  base = `${server.url}/api/v0`;
  const frameworks = await fetchJson({ baseUrl: base }, '/standards-frameworks', pageSchema(frameworkSchema));
  framework = frameworks.data.data.find((f) => f.caseIdentifierUUID === CA_MATH) ?? frameworks.data.data[0]!;
  data = readExport(DATA);
});
afterAll(() => server.close());

function deps(
  store = memoryStore(),
  wrap: (path: string, call: () => ReturnType<DownloadDeps['fetchPage']>) => ReturnType<DownloadDeps['fetchPage']> = (_p, c) => c(),
) {
  let requests = 0;
  const d: DownloadDeps = {
    store,
    fetchPage: (path, params, signal) => {
      requests++;
      return wrap(path, () => fetchJson({ baseUrl: base }, path, page, { params, signal }));
    },
    sleep: async () => {},
  };
  return { d, store, requests: () => requests };
}

/** A saved list, read back from its parts. */
async function listOf(store: ReturnType<typeof memoryStore>, fw: string): Promise<StandardsItem[]> {
  const { parts } = (await store.get<{ parts: number }>(savedKeys.list(base, fw)))!;
  const lists = await store.getMany<StandardsItem[]>(Array.from({ length: parts }, (_, n) => savedKeys.listPart(base, fw, n)));
  return lists.flatMap((l) => l ?? []);
}

const options = () => ({ baseUrl: base, framework, concurrency: 4, backoffMs: 1 });

describe('downloadFramework', () => {
  it('saves every item and the children of every parent, reporting progress to 100%', async () => {
    const { d, store, requests } = deps();
    const progress: DownloadProgress[] = [];
    const meta = await downloadFramework(options(), d, new AbortController().signal, (p) => progress.push(p));
    const expectedIds = data.descendants(framework.caseIdentifierUUID);
    expect(meta.itemCount).toBe(expectedIds.length);
    expect(meta.complete).toBe(true);
    expect(meta.dataAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([...meta.itemIds].sort()).toEqual([...expectedIds].sort());
    const parents = [framework.caseIdentifierUUID, ...expectedIds.filter((id) => data.children.has(id))];
    expect([...meta.parentIds].sort()).toEqual(parents.sort());
    for (const parent of parents) {
      const saved = await store.get<StandardsItem[]>(savedKeys.children(base, parent));
      expect(saved!.map((c) => c.caseIdentifierUUID).sort()).toEqual([...data.children.get(parent)!].sort());
    }
    const last = progress.at(-1)!;
    expect(last).toMatchObject({ phase: 'done', itemsDone: expectedIds.length, itemsTotal: expectedIds.length });
    expect(last.requestsDone).toBe(last.requestsTotal);
    expect(last.requestsDone).toBe(requests());
    expect(last.bytes).toBeGreaterThan(100_000 * 10);
    expect(progress.map((p) => p.requestsDone)).toEqual([...progress.map((p) => p.requestsDone)].sort((a, b) => a - b));
    expect(await pendingDownload(store, base, framework.caseIdentifierUUID)).toBeNull();
    // The list is kept in parts of 1,000 (one record of 10,000 items is a long pause).
    expect(await store.get(savedKeys.list(base, framework.caseIdentifierUUID))).toEqual({ parts: 2 });
    expect((await listOf(store, framework.caseIdentifierUUID)).map((i) => i.caseIdentifierUUID)).toEqual(meta.itemIds);
  });

  /** Asks the outline extension for its raw items: zod's object would drop their parents. */
  const rawOutline: DownloadDeps['fetchOutline'] = async (path, params, signal) => {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) url.searchParams.set(k, String(v));
    const text = await (await fetch(url, { signal })).text();
    return { data: JSON.parse(text), bytes: text.length };
  };

  it('saves the same from the outline extension in a few requests and a few records: items, list, every parent’s children in order', async () => {
    const walk = deps();
    await downloadFramework(options(), walk.d, new AbortController().signal);
    const bulk = deps();
    let outlineRequests = 0;
    bulk.d.fetchOutline = (path, params, signal) => (outlineRequests++, rawOutline(path, params, signal));
    const progress: DownloadProgress[] = [];
    const meta = await downloadFramework(options(), bulk.d, new AbortController().signal, (p) => progress.push(p));
    expect(bulk.requests()).toBe(0); // no list page, no children request
    expect(outlineRequests).toBe(2); // 1,467 items: pages of 1,000
    // A record costs the browser ~0.1 ms to write: 1,467 items and 400 parents fit in a few.
    expect((await bulk.store.keys('')).length).toBeLessThan(10);
    const fw = framework.caseIdentifierUUID;
    const walked = (await walk.store.get<SavedFrameworkMeta>(savedKeys.meta(base, fw)))!;
    expect(meta.itemIds).toEqual(walked.itemIds);
    expect([...meta.parentIds].sort()).toEqual([...walked.parentIds].sort());
    // Read back as the app reads offline: the same answers from either layout.
    useSavedStoreForTests(walk.store);
    const expected = await Promise.all(walked.parentIds.map((p) => savedChildren(base, p)));
    const items = await Promise.all(walked.itemIds.slice(0, 50).map((id) => savedItem(base, id)));
    expect(await savedItem(base, 'not-saved')).toBeUndefined();
    useSavedStoreForTests(bulk.store);
    expect(await Promise.all(walked.parentIds.map((p) => savedChildren(base, p)))).toEqual(expected);
    expect(await Promise.all(walked.itemIds.slice(0, 50).map((id) => savedItem(base, id)))).toEqual(items);
    expect(items.every(Boolean)).toBe(true);
    expect(await savedItem(base, 'not-saved')).toBeUndefined();
    expect(await savedChildren(base, 'not-saved')).toBeUndefined();
    expect(await listOf(bulk.store, fw)).toEqual(await listOf(walk.store, fw));
    expect(await bulk.store.get(savedKeys.parents(base, fw))).toEqual(await walk.store.get(savedKeys.parents(base, fw)));
    const last = progress.at(-1)!;
    expect(last.requestsDone).toBe(last.requestsTotal);
    expect(last.requestsDone).toBe(2);
  });

  it('a refresh in parts drops the records one per item and parent that an earlier save wrote, and reads the same', async () => {
    const store = memoryStore();
    useSavedStoreForTests(store);
    await downloadFramework(options(), deps(store).d, new AbortController().signal);
    const fw = framework.caseIdentifierUUID;
    const walked = (await store.get<SavedFrameworkMeta>(savedKeys.meta(base, fw)))!;
    const expected = await Promise.all(walked.parentIds.map((p) => savedChildren(base, p)));
    expect((await store.keys(`item|${base}|`)).length).toBe(walked.itemCount);
    const refresh = deps(store);
    refresh.d.fetchOutline = rawOutline;
    await downloadFramework(options(), refresh.d, new AbortController().signal);
    expect(await store.keys(`item|${base}|`)).toEqual([]);
    expect((await store.keys(`children|${base}|`)).every((k) => k.startsWith(savedKeys.childrenParts(base, fw)))).toBe(true);
    expect(await Promise.all(walked.parentIds.map((p) => savedChildren(base, p)))).toEqual(expected);
    await removeSavedFramework(base, fw);
    expect(await store.keys('')).toEqual([]);
  });

  it('falls back to the per-parent walk where the service has no outline extension', async () => {
    const { d, requests } = deps();
    d.fetchOutline = async () => {
      throw new ApiError(404, 'NotFoundError', 'no such operation', null);
    };
    const meta = await downloadFramework(options(), d, new AbortController().signal);
    expect(meta.itemCount).toBe(data.descendants(framework.caseIdentifierUUID).length);
    expect(requests()).toBeGreaterThan(100);
  });

  it('keeps the connections of every item, where the service gives them in bulk', async () => {
    const store = memoryStore();
    const d: DownloadDeps = {
      ...deps(store).d,
      fetchConnections: (path, params, signal) =>
        fetchJson({ baseUrl: base }, path, pageSchema(frameworkConnectionSchema), { params, signal }),
    };
    const progress: DownloadProgress[] = [];
    const meta = await downloadFramework(options(), d, new AbortController().signal, (p) => progress.push(p));
    expect(meta.connections).toBe(true);
    expect(meta.connectionParts).toBeGreaterThan(0);
    expect((await store.keys(`connections|${base}|`)).length).toBe(meta.connectionParts);
    useSavedStoreForTests(store);
    const alignments = await savedConnections<{ statementCode: string; jaccard: number }>(base, 'crosswalks', CA_3NFA1);
    expect(alignments).toMatchObject([{ statementCode: '3.NF.A.1', jaccard: 1 }]);
    // An item of the framework without any: none (not "unknown"); an item not saved: unknown.
    const lonely = meta.itemIds.find((id) => !data.children.has(id) && id !== CA_3NFA1)!;
    expect(await savedConnections(base, 'builds-towards', 'not-saved')).toBeUndefined();
    expect(Array.isArray(await savedConnections(base, 'builds-towards', lonely))).toBe(true);
    const crosswalks = await savedFrameworkConnections<{ statementCode: string }>(base, framework.caseIdentifierUUID, 'crosswalks');
    expect(crosswalks!.get(CA_3NFA1)).toEqual(alignments);
    expect(crosswalks!.size).toBeGreaterThan(100);
    const last = progress.at(-1)!;
    expect(last.requestsDone).toBe(last.requestsTotal);
    // Removing the framework removes its connections too.
    await removeSavedFramework(base, framework.caseIdentifierUUID);
    expect(await store.keys('')).toEqual([]);
  });

  it('keeps the skills of every item in a few extra requests, and each skill’s saved standards', async () => {
    const store = memoryStore();
    let skillRequests = 0;
    const d: DownloadDeps = {
      ...deps(store).d,
      fetchSkills: (path, params, signal) => {
        skillRequests++;
        return fetchJson({ baseUrl: base }, path, pageSchema(frameworkLearningComponentSchema), { params, signal });
      },
    };
    const progress: DownloadProgress[] = [];
    const meta = await downloadFramework(options(), d, new AbortController().signal, (p) => progress.push(p));
    expect(skillRequests).toBe(2);
    expect(meta.skillParts).toBeGreaterThan(0);
    useSavedStoreForTests(store);
    const skills = (await savedSkillsOf(base, CA_3NFA1))!;
    expect(skills.map((s) => s.description.slice(0, 27))).toEqual(['Identify a fraction 1/b as ', 'Identify a fraction a/b as ']);
    // A saved standard without skills has none (not "unknown"); one not saved is unknown.
    const without = meta.itemIds.find((id) => data.frameworks.every((f) => f.properties.caseIdentifierUUID !== id))!;
    expect(Array.isArray(await savedSkillsOf(base, without))).toBe(true);
    expect(await savedSkillsOf(base, 'not-saved')).toBeUndefined();
    expect((await savedSkill(base, skills[0]!.identifier))?.description).toBe(skills[0]!.description);
    const standards = (await savedStandardsOfSkill(base, skills[0]!.identifier))!;
    expect(standards.map((s) => s.statementCode)).toEqual(['3.NF.A.1']);
    expect(standards[0]!.frameworkCaseIdentifierUUID).toBe(framework.caseIdentifierUUID);
    const last = progress.at(-1)!;
    expect(last.requestsDone).toBe(last.requestsTotal);
    await removeSavedFramework(base, framework.caseIdentifierUUID);
    expect(await store.keys('')).toEqual([]);
  });

  it('cancels, keeps what it did, and resumes without repeating finished requests', async () => {
    const full = deps();
    await downloadFramework(options(), full.d, new AbortController().signal);
    const allRequests = full.requests();

    const store = memoryStore();
    const first = deps(store);
    const controller = new AbortController();
    const run = downloadFramework(options(), first.d, controller.signal, (p) => {
      if (p.phase === 'children' && p.requestsDone >= 40) controller.abort(new DOMException('Cancelled', 'AbortError'));
    });
    await expect(run).rejects.toThrow(/Cancelled/);
    const pending = await pendingDownload(store, base, framework.caseIdentifierUUID);
    expect(pending!.itemsDone).toBeGreaterThan(0);
    expect(await store.get(savedKeys.meta(base, framework.caseIdentifierUUID))).toBeUndefined();

    const second = deps(store);
    const meta = await downloadFramework(options(), second.d, new AbortController().signal);
    expect(meta.itemCount).toBe(data.descendants(framework.caseIdentifierUUID).length);
    expect(first.requests() + second.requests()).toBeLessThan(allRequests + 10);
    expect(second.requests()).toBeLessThan(allRequests - 30);
  });

  it('retries network and server failures with backoff', async () => {
    const failures = new Map<string, number>();
    const flaky = deps(memoryStore(), (path, call) => {
      const n = failures.get(path) ?? 0;
      if (n < 2 && (failures.has(path) || failures.size < 30)) {
        failures.set(path, n + 1);
        return Promise.reject(new ApiError(n === 0 ? 0 : 503, n === 0 ? 'NetworkError' : 'HttpError', 'flaky', null));
      }
      return call();
    });
    const progress: DownloadProgress[] = [];
    const meta = await downloadFramework(options(), flaky.d, new AbortController().signal, (p) => progress.push(p));
    expect(meta.complete).toBe(true);
    expect(progress.at(-1)!.retries).toBe(60);
  });

  it('gives up after the last attempt or on a client error, keeping the plan', async () => {
    const store = memoryStore();
    const down = deps(store, (path, call) =>
      path.endsWith('/children') ? Promise.reject(new ApiError(0, 'NetworkError', 'down', null)) : call(),
    );
    await expect(downloadFramework({ ...options(), maxAttempts: 3 }, down.d, new AbortController().signal)).rejects.toThrow('down');
    expect(await pendingDownload(store, base, framework.caseIdentifierUUID)).not.toBeNull();

    let calls = 0;
    const refused = deps(memoryStore(), () => (calls++, Promise.reject(new ApiError(401, 'UnauthorizedError', 'no key', 'r'))));
    await expect(downloadFramework(options(), refused.d, new AbortController().signal)).rejects.toThrow('no key');
    expect(calls).toBe(1);
  });

  it('removes everything a saved or half-saved framework stored', async () => {
    const store = memoryStore();
    useSavedStoreForTests(store);
    await downloadFramework(options(), deps(store).d, new AbortController().signal);
    expect((await store.keys('')).length).toBeGreaterThan(10);
    await removeSavedFramework(base, framework.caseIdentifierUUID);
    expect(await store.keys('')).toEqual([]);
    const meta = await store.get<SavedFrameworkMeta>(savedKeys.meta(base, framework.caseIdentifierUUID));
    expect(meta).toBeUndefined();
  });
});
