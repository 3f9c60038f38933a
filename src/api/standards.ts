import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { pageSchema, standardsItemSchema, type StandardsItem } from './schemas';
import { getJson, type ApiSource } from '../lib/api-client';
import { savedChildren, savedItem, savedList } from '../lib/saved-standards';
import { asSinglePage, withSavedFallback } from './saved-fallback';

const itemPage = pageSchema(standardsItemSchema);

export const itemKeys = {
  all: ['items'] as const,
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
