import { infiniteQueryOptions, isCancelledError, queryOptions, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { pageSchema, standardsItemSchema, type StandardsItem } from '../../contract/schemas';
import { getJson, type ApiSource } from '../lib/api-client';
import { savedAncestors, savedChildren, savedItem, savedList } from '../lib/saved-standards';
import { asSinglePage, withSavedFallback } from './saved-fallback';
import { matchesFilters, type ItemFilters } from '../lib/item-filters';
import { collectPages } from '../lib/paging';

const itemPage = pageSchema(standardsItemSchema);

export const itemKeys = {
  all: ['items'] as const,
  ancestors: (source: ApiSource, id: string) => [...itemKeys.all, source.baseUrl, id, 'ancestors'] as const,
  detail: (source: ApiSource, id: string) => [...itemKeys.all, source.baseUrl, id] as const,
  children: (source: ApiSource, id: string) => [...itemKeys.all, source.baseUrl, id, 'children'] as const,
  list: (source: ApiSource, frameworkId: string, f: ItemFilters) =>
    [...itemKeys.all, source.baseUrl, 'list', { framework: frameworkId, grades: f.grades, subject: f.subject, type: f.type }] as const,
  index: (source: ApiSource, frameworkId: string) => [...itemKeys.all, source.baseUrl, 'index', frameworkId] as const,
};

export function itemOptions(source: ApiSource, id: string) {
  return queryOptions({
    queryKey: itemKeys.detail(source, id),
    queryFn: ({ signal }) =>
      withSavedFallback(
        () => getJson(source, `/academic-standards/${encodeURIComponent(id)}`, standardsItemSchema, { signal }),
        () => savedItem(source.baseUrl, id),
      ),
  });
}

/** One page of an item's (or, on the local API, a framework's) direct children. */
function fetchChildrenPage(source: ApiSource, parentId: string, cursor: string | null, signal?: AbortSignal) {
  return getJson(source, `/academic-standards/${encodeURIComponent(parentId)}/children`, itemPage, {
    params: { limit: 1000, cursor },
    signal,
  });
}

/**
 * Direct children of an item (or, on the local API, of a framework). A large page
 * keeps all siblings together so the client can order them naturally.
 */
export function childrenOptions(source: ApiSource, parentId: string) {
  return infiniteQueryOptions({
    queryKey: itemKeys.children(source, parentId),
    queryFn: ({ pageParam, signal }) =>
      withSavedFallback(
        () => fetchChildrenPage(source, parentId, pageParam, signal),
        async () => {
          const saved = await savedChildren(source.baseUrl, parentId);
          return saved && asSinglePage(saved);
        },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.nextCursor : undefined),
  });
}

/**
 * All of a parent's children, however many pages: what the cache holds (the pages the
 * tree loaded, or a saved framework offline), then the rest from the service.
 */
export async function fetchAllChildren(client: QueryClient, source: ApiSource, parentId: string, signal?: AbortSignal) {
  const cached = await client.fetchInfiniteQuery(childrenOptions(source, parentId));
  const last = cached.pages.at(-1)?.pagination;
  const rest = last?.hasMore ? await collectPages((cursor) => fetchChildrenPage(source, parentId, cursor, signal), last.nextCursor) : [];
  return [...cached.pages.flatMap((p) => p.data), ...rest];
}

export function frameworkItemsOptions(source: ApiSource, frameworkId: string, filters: ItemFilters) {
  return infiniteQueryOptions({
    queryKey: itemKeys.list(source, frameworkId, filters),
    queryFn: ({ pageParam, signal }) =>
      withSavedFallback(
        () =>
          getJson(source, '/academic-standards', itemPage, {
            params: {
              standardsFrameworkCaseIdentifierUUID: frameworkId,
              gradeLevel: filters.grades,
              academicSubject: filters.subject,
              normalizedStatementType: filters.type,
              limit: 100,
              cursor: pageParam,
            },
            signal,
          }),
        // Offline, a saved framework's list is filtered here, as the API would.
        async () => {
          const saved = await savedList(source.baseUrl, frameworkId);
          return saved && asSinglePage(saved.filter((i) => matchesFilters(i, filters)));
        },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.nextCursor : undefined),
  });
}

const ancestorsSchema = z.object({ data: z.array(standardsItemSchema) });

/**
 * The item's ancestors, top level first, or null when nothing can tell (the hosted
 * service has no parent endpoint: then no path is shown rather than a wrong one).
 * The tree fills this in from the path the user took; saved frameworks know it offline;
 * the local API answers it through its documented extension.
 */
export function ancestorsOptions(source: ApiSource, id: string) {
  return queryOptions({
    queryKey: itemKeys.ancestors(source, id),
    queryFn: async ({ signal }): Promise<StandardsItem[] | null> => {
      const saved = await savedAncestors(source.baseUrl, id);
      if (saved) return saved;
      try {
        return (await getJson(source, `/academic-standards/${encodeURIComponent(id)}/ancestors`, ancestorsSchema, { signal })).data;
      } catch (e) {
        if ((e as Error).name === 'AbortError') throw e;
        return null;
      }
    },
    staleTime: Infinity,
  });
}

/**
 * An item's ancestors for code that needs them now (revealing a search hit). The same
 * request may be in flight for a search result that is closing; its unmount cancels
 * that request, so a cancelled wait asks once more instead of giving up.
 */
export async function loadAncestors(client: QueryClient, source: ApiSource, id: string): Promise<StandardsItem[] | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await client.fetchQuery(ancestorsOptions(source, id));
    } catch (e) {
      if (!isCancelledError(e) || attempt > 0) return null;
    }
  }
}

/**
 * Every item of a framework in one list (pages of 1,000), for code-prefix search and
 * search offline; a saved framework answers without the network.
 */
export function frameworkIndexOptions(source: ApiSource, frameworkId: string) {
  return queryOptions({
    queryKey: itemKeys.index(source, frameworkId),
    queryFn: ({ signal }) =>
      withSavedFallback(
        () =>
          collectPages((cursor) =>
            getJson(source, '/academic-standards', itemPage, {
              params: { standardsFrameworkCaseIdentifierUUID: frameworkId, limit: 1000, cursor },
              signal,
            }),
          ),
        () => savedList(source.baseUrl, frameworkId),
      ),
    staleTime: 30 * 60_000,
  });
}

/**
 * A framework's standards (normalized type Standard, components included) in outline
 * order, every page: what crosswalks align, and what a comparison lists. A saved
 * framework answers offline.
 */
export function frameworkStandardsOptions(source: ApiSource, frameworkId: string) {
  return queryOptions({
    queryKey: [...itemKeys.all, source.baseUrl, 'standards', frameworkId] as const,
    queryFn: ({ signal }) =>
      withSavedFallback(
        () =>
          collectPages((cursor) =>
            getJson(source, '/academic-standards', itemPage, {
              params: { standardsFrameworkCaseIdentifierUUID: frameworkId, normalizedStatementType: 'Standard', limit: 1000, cursor },
              signal,
            }),
          ),
        async () => (await savedList(source.baseUrl, frameworkId))?.filter((i) => i.normalizedStatementType === 'Standard'),
      ),
    staleTime: 30 * 60_000,
  });
}
