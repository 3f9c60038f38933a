/**
 * How standards connect (contract operations 6–9): what a standard builds on, where it
 * leads, what relates to it, and its crosswalk alignments. Each list is read whole (a
 * standard has a handful of connections; pages of 1,000) and kept for the session.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  crosswalkSchema,
  pageSchema,
  standardSummarySchema,
  type Crosswalk,
  type StandardsItem,
  type StandardSummary,
} from '../../contract/schemas';
import { compareCodes } from '../../contract/natural-sort';
import { ApiError, getJson, type ApiSource } from '../lib/api-client';
import { collectPages } from '../lib/paging';
import { frameworkIndexOptions, itemOptions } from './standards';

export type ProgressionOperation = 'prerequisites' | 'builds-towards' | 'related-standards';

const summaryPage = pageSchema(standardSummarySchema);
const crosswalkPage = pageSchema(crosswalkSchema);

export const connectionKeys = {
  all: ['connections'] as const,
  list: (source: ApiSource, operation: ProgressionOperation | 'crosswalks', id: string) =>
    [...connectionKeys.all, source.baseUrl, operation, id] as const,
};

const byCode = (a: { statementCode: string | null }, b: { statementCode: string | null }) =>
  compareCodes(a.statementCode ?? '', b.statementCode ?? '');

/** Builds on / leads to / related: in natural code order (the hosted service documents no order). */
export function progressionOptions(source: ApiSource, operation: ProgressionOperation, id: string) {
  return queryOptions({
    queryKey: connectionKeys.list(source, operation, id),
    queryFn: async ({ signal }): Promise<StandardSummary[]> => {
      const all = await collectPages((cursor) =>
        getJson(source, `/academic-standards/${encodeURIComponent(id)}/${operation}`, summaryPage, {
          params: { limit: 1000, cursor },
          signal,
        }),
      );
      return all.sort(byCode);
    },
    staleTime: 30 * 60_000,
  });
}

/** A standard's alignments, strongest first (jaccard, then natural code), every jurisdiction. */
export function crosswalksOptions(source: ApiSource, id: string) {
  return queryOptions({
    queryKey: connectionKeys.list(source, 'crosswalks', id),
    queryFn: async ({ signal }): Promise<Crosswalk[]> => {
      const all = await collectPages((cursor) =>
        getJson(source, `/academic-standards/${encodeURIComponent(id)}/crosswalks`, crosswalkPage, {
          params: { limit: 1000, cursor },
          signal,
        }),
      );
      return all.sort((a, b) => b.jaccard - a.jaccard || byCode(a, b));
    },
    staleTime: 30 * 60_000,
  });
}

/** A standard in a progression: its summary, grades, and steps from the centre (− before, + after). */
export interface ProgressionNode {
  standard: StandardSummary;
  grades: string[] | null;
  step: number;
}

export interface Progression {
  centre: string;
  nodes: Map<string, ProgressionNode>;
  /** `from` builds towards `to`. */
  edges: Array<{ from: string; to: string }>;
  /** Standards related to the centre (no order implied). */
  related: StandardSummary[];
  /** Attribution statements of the connections shown. */
  attributions: string[];
}

export const progressionKeys = {
  graph: (source: ApiSource, id: string, depth: number) => [...connectionKeys.all, source.baseUrl, 'progression', id, depth] as const,
};

/**
 * The standard's progression `depth` steps back (what it builds on) and forward (where it
 * leads), one level at a time, each standard's lists read once (and cached for the
 * details). Grades come with the answers on the local API, else from the full items.
 */
export function progressionGraphOptions(client: QueryClient, source: ApiSource, id: string, depth: number) {
  return queryOptions({
    queryKey: progressionKeys.graph(source, id, depth),
    queryFn: async (): Promise<Progression> => {
      const centreItem = await client.fetchQuery(itemOptions(source, id));
      const nodes = new Map<string, ProgressionNode>();
      const edges = new Map<string, { from: string; to: string }>();
      const attributions = new Set<string>();
      nodes.set(id, { standard: { ...centreItem, frameworkCaseIdentifierUUID: undefined }, grades: centreItem.gradeLevel, step: 0 });
      const walk = async (operation: 'prerequisites' | 'builds-towards', direction: -1 | 1) => {
        let frontier = [id];
        for (let step = 1; step <= depth && frontier.length; step++) {
          const lists = await Promise.all(frontier.map((f) => client.fetchQuery(progressionOptions(source, operation, f))));
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
        client.fetchQuery(progressionOptions(source, 'related-standards', id)),
        walk('prerequisites', -1),
        walk('builds-towards', 1),
      ]);
      for (const s of related) if (s.relationship?.attributionStatement) attributions.add(s.relationship.attributionStatement);
      // The hosted service sends no grades: read them from the full items (cached).
      await Promise.all(
        [...nodes.values()]
          .filter((n) => n.standard.gradeLevel === undefined && n.step !== 0)
          .map(async (n) => (n.grades = (await client.fetchQuery(itemOptions(source, n.standard.caseIdentifierUUID))).gradeLevel)),
      );
      return { centre: id, nodes, edges: [...edges.values()], related, attributions: [...attributions] };
    },
    staleTime: 30 * 60_000,
  });
}

const frameworkCrosswalkPage = pageSchema(
  z.extend(crosswalkSchema, { standardCaseIdentifierUUID: z.string(), operation: z.literal('crosswalks') }),
);

/** How many per-standard requests the fallback keeps in flight. */
const FALLBACK_CONCURRENCY = 6;

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
      const byStandard = new Map<string, Crosswalk[]>();
      const add = (id: string, c: Crosswalk) => byStandard.set(id, [...(byStandard.get(id) ?? []), c]);
      try {
        const all = await collectPages((cursor) =>
          getJson(source, `/standards-frameworks/${encodeURIComponent(frameworkId)}/connections`, frameworkCrosswalkPage, {
            params: { limit: 1000, cursor, operation: 'crosswalks', jurisdiction },
            signal,
          }),
        );
        for (const row of all) add(row.standardCaseIdentifierUUID, row);
      } catch (e) {
        // Only a service without the extension (404, or 400 for a path it reads as a bad id) falls back.
        if (!(e instanceof ApiError) || (e.status !== 404 && e.status !== 400)) throw e;
        const standards: StandardsItem[] = await client.fetchQuery(frameworkIndexOptions(source, frameworkId));
        const asked = standards.filter((s) => s.statementCode);
        let done = 0;
        const queue = [...asked];
        const worker = async () => {
          for (let s = queue.shift(); s; s = queue.shift()) {
            const page = await collectPages((cursor) =>
              getJson(source, `/academic-standards/${encodeURIComponent(s.caseIdentifierUUID)}/crosswalks`, crosswalkPage, {
                params: { limit: 1000, cursor, jurisdiction },
                signal,
              }),
            );
            for (const c of page) add(s.caseIdentifierUUID, c);
            onProgress?.(++done, asked.length);
          }
        };
        await Promise.all(Array.from({ length: FALLBACK_CONCURRENCY }, worker));
      }
      for (const list of byStandard.values()) list.sort((a, b) => b.jaccard - a.jaccard || byCode(a, b));
      return byStandard;
    },
    staleTime: 30 * 60_000,
  });
}
