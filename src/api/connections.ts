/**
 * How standards connect (contract operations 6–9): what a standard builds on, where it
 * leads, what relates to it, and its crosswalk alignments. Each list is read whole (a
 * standard has a handful of connections; pages of 1,000) and kept for the session.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { pageSchema, type StandardsItem } from '../../contract/schemas';
import {
  crosswalkSchema,
  frameworkConnectionSchema,
  standardSummarySchema,
  type Crosswalk,
  type StandardSummary,
} from '../../contract/connection-schemas';
import { compareCodes } from '../../contract/natural-sort';
import type { ConnectionOperation, ProgressionOperation } from '../../contract/connection-operations';
import { ApiError, getJson, type ApiSource } from '../lib/api-client';
import { collectPages, inPool } from '../lib/paging';
import { frameworkStandardsOptions, itemOptions } from './standards';
import { asPart, withSavedFallback } from './saved-fallback';
import { PER_ITEM_CONCURRENCY } from './entry-extras';
import { savedConnections, savedFrameworkConnections } from '../lib/saved-connections';
import { inGradeRange, nextSteps, type Progression, type ProgressionNode, type ProgressionWalk } from '../lib/progression';

export type { ProgressionOperation };

const summaryPage = pageSchema(standardSummarySchema);
const crosswalkPage = pageSchema(crosswalkSchema);

export const connectionKeys = {
  all: ['connections'] as const,
  list: (source: ApiSource, operation: ConnectionOperation, id: string) => [...connectionKeys.all, source.baseUrl, operation, id] as const,
};

export const byCode = (a: { statementCode: string | null }, b: { statementCode: string | null }) =>
  compareCodes(a.statementCode ?? '', b.statementCode ?? '');
/** Alignments strongest first (jaccard, then natural code), as the local API answers them. */
export const strongestFirst = (a: Crosswalk, b: Crosswalk) => b.jaccard - a.jaccard || byCode(a, b);

/**
 * Everything one operation answers for a standard, every page; offline, what a framework
 * saved with its connections holds.
 */
function connectionsOf<T>(
  source: ApiSource,
  operation: ConnectionOperation,
  id: string,
  page: typeof summaryPage | typeof crosswalkPage,
  signal: AbortSignal,
): Promise<T[]> {
  return withSavedFallback(
    () =>
      collectPages((cursor) =>
        getJson(source, `/academic-standards/${encodeURIComponent(id)}/${operation}`, page, { params: { limit: 1000, cursor }, signal }),
      ) as Promise<T[]>,
    () => savedConnections<T>(source.baseUrl, operation, id),
  );
}

/** Builds on / leads to / related: in natural code order (the hosted service documents no order). */
export function progressionOptions(source: ApiSource, operation: ProgressionOperation, id: string) {
  return queryOptions({
    queryKey: connectionKeys.list(source, operation, id),
    queryFn: async ({ signal }) => (await connectionsOf<StandardSummary>(source, operation, id, summaryPage, signal)).sort(byCode),
    staleTime: 30 * 60_000,
  });
}

/** A standard's alignments, strongest first (jaccard, then natural code), every jurisdiction. */
export function crosswalksOptions(source: ApiSource, id: string) {
  return queryOptions({
    queryKey: connectionKeys.list(source, 'crosswalks', id),
    queryFn: async ({ signal }) => (await connectionsOf<Crosswalk>(source, 'crosswalks', id, crosswalkPage, signal)).sort(strongestFirst),
    staleTime: 30 * 60_000,
  });
}

export type { Progression, ProgressionNode, ProgressionWalk };

export const progressionKeys = {
  graph: (source: ApiSource, id: string, walk: ProgressionWalk) =>
    [...connectionKeys.all, source.baseUrl, 'progression', id, walk.depth, walk.from ?? '', walk.to ?? '', !!walk.branches] as const,
};

/**
 * The standard's progression back (what it builds on) and forward (where it leads), one
 * step at a time up to `walk.depth`, each standard's lists read once (and cached for the
 * details): only standards in the walk's grade range, and by default only the chain
 * through the centre (see nextSteps; the rest are counted as left out). Grades come with
 * the answers on the local API, else from the full items.
 */
export function progressionGraphOptions(client: QueryClient, source: ApiSource, id: string, walk: ProgressionWalk) {
  return queryOptions({
    queryKey: progressionKeys.graph(source, id, walk),
    queryFn: async (): Promise<Progression> => {
      // The centre's own record comes in parallel with the first step each way.
      const centre = client.fetchQuery(asPart(itemOptions(source, id)));
      // Awaited later, or never if a step fails first: its failure must not go unhandled meanwhile.
      centre.catch(() => undefined);
      const nodes = new Map<string, ProgressionNode>();
      const edges = new Map<string, { from: string; to: string }>();
      const attributions = new Set<string>();
      const leftOut = new Set<string>();
      const gradesOf = async (s: StandardSummary) =>
        s.gradeLevel !== undefined ? s.gradeLevel : (await client.fetchQuery(asPart(itemOptions(source, s.caseIdentifierUUID)))).gradeLevel;
      nodes.set(id, { standard: { caseIdentifierUUID: id } as StandardSummary, grades: null, step: 0 });
      const walkOneWay = async (operation: 'prerequisites' | 'builds-towards', direction: -1 | 1) => {
        let frontier = [id];
        for (let step = 1; step <= walk.depth && frontier.length; step++) {
          const lists = await Promise.all(
            frontier.map(async (f) => {
              const list = await client.fetchQuery(asPart(progressionOptions(source, operation, f)));
              const grades = await Promise.all(list.map(gradesOf));
              const inRange = list.map((s, i) => ({ ...s, gradeLevel: grades[i] ?? null })).filter((s) => inGradeRange(s.gradeLevel, walk));
              const from = f === id ? (await centre).statementCode : (nodes.get(f)?.standard.statementCode ?? null);
              const followed = nextSteps(from, inRange, walk.branches);
              for (const s of inRange) if (!followed.includes(s)) leftOut.add(s.caseIdentifierUUID);
              return followed;
            }),
          );
          const next: string[] = [];
          lists.forEach((list, i) => {
            for (const s of list) {
              const [from, to] = direction === 1 ? [frontier[i]!, s.caseIdentifierUUID] : [s.caseIdentifierUUID, frontier[i]!];
              edges.set(`${from}>${to}`, { from, to });
              if (s.relationship?.attributionStatement) attributions.add(s.relationship.attributionStatement);
              if (nodes.has(s.caseIdentifierUUID)) continue;
              nodes.set(s.caseIdentifierUUID, { standard: s, grades: s.gradeLevel ?? null, step: direction * step });
              next.push(s.caseIdentifierUUID);
            }
          });
          frontier = next;
        }
      };
      const [related] = await Promise.all([
        client.fetchQuery(asPart(progressionOptions(source, 'related-standards', id))),
        walkOneWay('prerequisites', -1),
        walkOneWay('builds-towards', 1),
      ]);
      for (const s of related) if (s.relationship?.attributionStatement) attributions.add(s.relationship.attributionStatement);
      const centreItem = await centre;
      nodes.set(id, { standard: { ...centreItem, frameworkCaseIdentifierUUID: undefined }, grades: centreItem.gradeLevel, step: 0 });
      for (const n of nodes.keys()) leftOut.delete(n);
      return { centre: id, nodes, edges: [...edges.values()], related, attributions: [...attributions], leftOut: leftOut.size };
    },
    staleTime: 30 * 60_000,
    // Built from the per-standard lists (which are kept): a Map does not survive the persisted cache's JSON.
    meta: { persist: false },
    // Each list it reads retries on its own; retrying the whole walk too would multiply the wait for an error.
    retry: false,
  });
}

const frameworkConnectionPage = pageSchema(frameworkConnectionSchema);

/**
 * Every row of the local API's framework connections extension (optionally one
 * operation's, one jurisdiction's), or undefined from a service that does not offer it
 * (404, or 400 for a path it reads as a bad id).
 */
export async function fetchFrameworkConnections(
  source: ApiSource,
  frameworkId: string,
  params: { operation?: ConnectionOperation; jurisdiction?: string },
  signal?: AbortSignal,
) {
  try {
    return await collectPages((cursor) =>
      getJson(source, `/standards-frameworks/${encodeURIComponent(frameworkId)}/connections`, frameworkConnectionPage, {
        params: { limit: 1000, cursor, ...params },
        signal,
      }),
    );
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return undefined;
    throw e;
  }
}

/**
 * Every alignment of a framework's standards to one jurisdiction, keyed by the
 * framework's standard. The local API answers it in a page or two (a documented
 * extension); elsewhere each of its standards with a code is asked for its own
 * crosswalks, six at a time, with progress.
 */
export function frameworkCrosswalksOptions(
  client: QueryClient,
  source: ApiSource,
  frameworkId: string,
  jurisdiction: string,
  onProgress?: (done: number, total: number) => void,
) {
  return queryOptions({
    queryKey: [...connectionKeys.all, source.baseUrl, 'framework-crosswalks', frameworkId, jurisdiction] as const,
    queryFn: async ({ signal }): Promise<Map<string, Crosswalk[]>> => {
      const byStandard = await withSavedFallback(
        () => onlineFrameworkCrosswalks(client, source, frameworkId, jurisdiction, signal, onProgress),
        () => savedFrameworkCrosswalks(source.baseUrl, frameworkId, jurisdiction),
      );
      for (const list of byStandard.values()) list.sort(strongestFirst);
      return byStandard;
    },
    staleTime: 30 * 60_000,
    meta: { persist: false }, // a Map does not survive the persisted cache's JSON; offline it is rebuilt from the save
  });
}

async function onlineFrameworkCrosswalks(
  client: QueryClient,
  source: ApiSource,
  frameworkId: string,
  jurisdiction: string,
  signal: AbortSignal,
  onProgress?: (done: number, total: number) => void,
): Promise<Map<string, Crosswalk[]>> {
  const byStandard = new Map<string, Crosswalk[]>();
  const add = (id: string, c: Crosswalk) => byStandard.set(id, [...(byStandard.get(id) ?? []), c]);
  const rows = await fetchFrameworkConnections(source, frameworkId, { operation: 'crosswalks', jurisdiction }, signal);
  if (rows) {
    for (const row of rows) if (row.operation === 'crosswalks') add(row.standardCaseIdentifierUUID, row);
    return byStandard;
  }
  // A service without the extension: each standard with a code asks for its own.
  const standards: StandardsItem[] = await client.fetchQuery(frameworkStandardsOptions(source, frameworkId));
  const asked = standards.filter((s) => s.statementCode);
  let done = 0;
  await inPool(asked, PER_ITEM_CONCURRENCY, async (s) => {
    const list = await collectPages((cursor) =>
      getJson(source, `/academic-standards/${encodeURIComponent(s.caseIdentifierUUID)}/crosswalks`, crosswalkPage, {
        params: { limit: 1000, cursor, jurisdiction },
        signal,
      }),
    );
    for (const c of list) add(s.caseIdentifierUUID, c);
    onProgress?.(++done, asked.length);
  });
  return byStandard;
}

/** Offline: the alignments of a framework saved with its connections, or undefined. */
async function savedFrameworkCrosswalks(base: string, frameworkId: string, jurisdiction: string) {
  const all = await savedFrameworkConnections<Crosswalk>(base, frameworkId, 'crosswalks');
  if (!all) return undefined;
  const byStandard = new Map<string, Crosswalk[]>();
  for (const [id, list] of all) {
    const matching = list.filter((c) => c.jurisdiction === jurisdiction);
    if (matching.length) byStandard.set(id, matching);
  }
  return byStandard;
}
