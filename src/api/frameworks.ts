import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ACADEMIC_SUBJECTS, frameworkSchema, pageSchema, type Framework } from '../../contract/schemas';
import { COMMON_CORE_JURISDICTION } from '../lib/alignment';
import { getJson, type ApiSource } from '../lib/api-client';
import { savedFrameworks } from '../lib/saved-standards';
import { asSinglePage, withSavedFallback } from './saved-fallback';

export const frameworkPage = pageSchema(frameworkSchema);

export const frameworkKeys = {
  all: ['frameworks'] as const,
  list: (source: ApiSource) => [...frameworkKeys.all, 'list', source.baseUrl] as const,
};

/** Every current framework, one cursor page at a time (the real export has ~215). */
export function frameworksOptions(source: ApiSource) {
  return infiniteQueryOptions({
    queryKey: frameworkKeys.list(source),
    queryFn: ({ pageParam, signal }) =>
      withSavedFallback(
        () => getJson(source, '/standards-frameworks', frameworkPage, { params: { limit: 1000, cursor: pageParam }, signal }),
        async () => {
          const saved = await savedFrameworks(source.baseUrl);
          return saved.length ? asSinglePage(saved.filter((m) => m.complete).map((m) => m.framework)) : undefined;
        },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.nextCursor : undefined),
  });
}

/** The subjects a framework's items can have: its own, or every subject when it names none. */
export function frameworkSubjects(framework: Pick<Framework, 'academicSubject'> | undefined): readonly string[] {
  return framework?.academicSubject ? [framework.academicSubject] : ACADEMIC_SUBJECTS;
}

/**
 * One framework from the list, and whether it is certainly missing: only when the whole
 * list was read online (offline the list holds just the saved frameworks), so a dead
 * link can say so instead of showing an empty outline.
 */
export function useFramework(source: ApiSource, frameworkId: string | undefined) {
  const list = useInfiniteQuery(frameworksOptions(source));
  const framework = list.data?.pages.flatMap((p) => p.data).find((f) => f.caseIdentifierUUID === frameworkId);
  const missing = !framework && list.isSuccess && !list.hasNextPage && navigator.onLine;
  return { framework, missing, isPending: list.isPending };
}

/**
 * The framework a standard belongs to when nothing says so (the hosted service's
 * connection answers and items carry no framework): the one listed framework of its
 * jurisdiction and subject (`undefined`: any subject), or undefined when there is none
 * or more than one.
 */
export function onlyFrameworkOf(
  frameworks: readonly Framework[],
  jurisdiction: string | null,
  subject: string | null | undefined,
): Framework | undefined {
  const matching = frameworks.filter((f) => f.jurisdiction === jurisdiction && (subject === undefined || f.academicSubject === subject));
  return matching.length === 1 ? matching[0] : undefined;
}

/**
 * The framework a state framework's crosswalks and progressions lead into: the one Common
 * Core framework of its subject; undefined for Common Core itself, or where the list has none.
 */
export function useCommonCoreOf(source: ApiSource, framework: Pick<Framework, 'jurisdiction' | 'academicSubject'>) {
  const list = useInfiniteQuery(frameworksOptions(source));
  if (framework.jurisdiction === COMMON_CORE_JURISDICTION) return undefined;
  return onlyFrameworkOf(list.data?.pages.flatMap((p) => p.data) ?? [], COMMON_CORE_JURISDICTION, framework.academicSubject);
}
