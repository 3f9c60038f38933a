import { infiniteQueryOptions, isCancelledError, queryOptions, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { pageSchema, standardsItemSchema, type StandardsItem } from '../../contract/schemas';
import { getJson, type ApiSource } from '../lib/api-client';
import { savedAncestors, savedChildren, savedItem, savedList } from '../lib/saved-standards';
import { asSinglePage, withSavedFallback } from './saved-fallback';

const itemPage = pageSchema(standardsItemSchema);

export const itemKeys = {
  all: ['items'] as const,
  ancestors: (source: ApiSource, id: string) => [...itemKeys.all, source.baseUrl, id, 'ancestors'] as const,
  detail: (source: ApiSource, id: string) => [...itemKeys.all, source.baseUrl, id] as const,
  children: (source: ApiSource, id: string) => [...itemKeys.all, source.baseUrl, id, 'children'] as const,
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

/**
 * Direct children of an item (or, on the local API, of a framework). A large page
 * keeps all siblings together so the client can order them naturally.
 */
export function childrenOptions(source: ApiSource, parentId: string) {
  return infiniteQueryOptions({
    queryKey: itemKeys.children(source, parentId),
    queryFn: ({ pageParam, signal }) =>
      withSavedFallback(
        () =>
          getJson(source, `/academic-standards/${encodeURIComponent(parentId)}/children`, itemPage, {
            params: { limit: 1000, cursor: pageParam },
            signal,
          }),
        async () => {
          const saved = await savedChildren(source.baseUrl, parentId);
          return saved && asSinglePage(saved);
        },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.nextCursor : undefined),
  });
}

export interface ListFilters {
  grades: readonly string[];
  subject?: string;
  type?: string;
}

/** Every item of a framework (all levels), filtered on the server, a page at a time. */
export function frameworkItemsOptions(source: ApiSource, frameworkId: string, filters: ListFilters) {
  return infiniteQueryOptions({
    queryKey: [
      ...itemKeys.all,
      source.baseUrl,
      'list',
      { framework: frameworkId, grades: filters.grades, subject: filters.subject, type: filters.type },
    ] as const,
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
          return saved && asSinglePage(saved.filter((i) => matchesListFilters(i, filters)));
        },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.nextCursor : undefined),
  });
}

function matchesListFilters(item: StandardsItem, f: ListFilters) {
  if (f.grades.length && !item.gradeLevel?.some((g) => f.grades.includes(g))) return false;
  if (f.subject && item.academicSubject !== f.subject) return false;
  return !f.type || item.normalizedStatementType === f.type;
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
    queryKey: [...itemKeys.all, source.baseUrl, 'index', frameworkId] as const,
    queryFn: ({ signal }) =>
      withSavedFallback(
        async () => {
          const all: StandardsItem[] = [];
          let cursor: string | null = null;
          do {
            const page: { data: StandardsItem[]; pagination: { nextCursor: string | null; hasMore: boolean } } = await getJson(
              source,
              '/academic-standards',
              itemPage,
              {
                params: { standardsFrameworkCaseIdentifierUUID: frameworkId, limit: 1000, cursor },
                signal,
              },
            );
            all.push(...page.data);
            cursor = page.pagination.hasMore ? page.pagination.nextCursor : null;
          } while (cursor);
          return all;
        },
        () => savedList(source.baseUrl, frameworkId),
      ),
    staleTime: 30 * 60_000,
  });
}
