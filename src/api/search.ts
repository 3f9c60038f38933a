/**
 * One search box, two kinds of input: a code (`3.NF.A.1`, `hsa-ced.a`) finds that code
 * and every code starting with it; anything else is a ranked word search. Where the
 * service offers it (the local API's framework search extension), one request answers
 * either, for one framework, with whole items in outline order. Elsewhere (the hosted
 * service) the contract's search answers, and code prefixes and the framework scope come
 * from the framework's own list, loaded only then. With no network, both run over the
 * saved framework.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { searchResultSchema, standardsItemSchema, type Framework, type StandardsItem } from '../../contract/schemas';
import { ApiError, getJson, isNetworkError, type ApiSource } from '../lib/api-client';
import { codeStartsWith, looksLikeCode, queryWords } from '../lib/code-query';
import { compareCodes } from '../../contract/natural-sort';

export interface SearchHit {
  caseIdentifierUUID: string;
  statementCode: string | null;
  description: string | null;
  attributionStatement: string;
  /** The full item, when known. */
  item?: StandardsItem;
}

export interface SearchResults {
  hits: SearchHit[];
  /** Outline order (the framework's own, as a teacher reads it) or best match first. */
  order: 'outline' | 'score';
}

export interface SearchScope {
  framework: Pick<Framework, 'caseIdentifierUUID' | 'jurisdiction' | 'academicSubject'>;
  /** Only this framework's items, or all of its jurisdiction. */
  wholeJurisdiction: boolean;
  /** The framework's items (network or saved copy): asked for only where the service cannot search the framework itself. */
  loadIndex: () => Promise<StandardsItem[]>;
}

/** The most results one search returns (the API's search limit); the box shows them 20 at a time. */
export const MAX_RESULTS = 50;
const results = z.array(searchResultSchema);
const frameworkHits = z.object({ data: z.array(standardsItemSchema) });

/** Services known to lack the framework search extension (asked once per page load). */
const withoutFrameworkSearch = new Set<string>();

const fromItem = (item: StandardsItem): SearchHit => ({ ...item, item });

/**
 * The framework search extension's answer, or undefined where the service lacks it (404)
 * or cannot be reached (then the saved copy answers).
 */
async function searchFramework(source: ApiSource, params: Record<string, string | number>, scope: SearchScope, signal?: AbortSignal) {
  if (withoutFrameworkSearch.has(source.baseUrl)) return undefined;
  const id = encodeURIComponent(scope.framework.caseIdentifierUUID);
  try {
    return (
      await getJson(source, `/standards-frameworks/${id}/search`, frameworkHits, { params: { ...params, limit: MAX_RESULTS }, signal })
    ).data;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) withoutFrameworkSearch.add(source.baseUrl);
    else if (!isNetworkError(e)) throw e;
    return undefined;
  }
}

export async function searchStandards(source: ApiSource, input: string, scope: SearchScope, signal?: AbortSignal): Promise<SearchResults> {
  const text = input.trim();
  // Nothing to search for: no letters or digits (the API would refuse it).
  if (!/[\p{L}\p{N}]/u.test(text)) return { hits: [], order: 'outline' };
  const filters = {
    jurisdiction: scope.framework.jurisdiction ?? undefined,
    academicSubject: scope.framework.academicSubject ?? undefined,
  };
  const contractSearch = (params: Record<string, string | number>) =>
    getJson(source, '/academic-standards/search', results, { params: { ...params, ...filters }, signal });

  if (looksLikeCode(text)) {
    const code = text.replace(/\.$/, '');
    const inFramework = (await searchFramework(source, { statementCodePrefix: code }, scope, signal))?.map(fromItem);
    let exact: SearchHit[] = [];
    if (scope.wholeJurisdiction || !inFramework) {
      try {
        exact = await contractSearch({ statementCode: code, limit: 10 });
      } catch (e) {
        if (!isNetworkError(e)) throw e; // offline: the saved framework's prefixes still answer
      }
    }
    const index = inFramework ? undefined : await scope.loadIndex().catch(() => undefined);
    if (!inFramework && !index && !exact.length) throw new ApiError(0, 'NetworkError', 'The search could not reach the service.', null);
    const byId = new Map(index?.map((i) => [i.caseIdentifierUUID, i]));
    const prefix =
      inFramework ??
      (index ?? [])
        .filter((i) => codeStartsWith(i.statementCode, code))
        .sort((a, b) => compareCodes(a.statementCode!, b.statementCode!))
        .map(fromItem);
    const inScope = (h: SearchHit) => scope.wholeJurisdiction || !index || byId.has(h.caseIdentifierUUID);
    const seen = new Set<string>();
    const hits = [...exact.filter(inScope), ...prefix]
      .filter((h) => !seen.has(h.caseIdentifierUUID) && seen.add(h.caseIdentifierUUID))
      .slice(0, MAX_RESULTS)
      .map((h) => ({ ...h, item: h.item ?? byId.get(h.caseIdentifierUUID) }));
    return { hits, order: 'outline' };
  }

  if (!scope.wholeJurisdiction) {
    const inFramework = await searchFramework(source, { query: text.slice(0, 500) }, scope, signal);
    if (inFramework) return { hits: inFramework.map(fromItem), order: 'outline' };
  }
  try {
    const hits: SearchHit[] = await contractSearch({ query: text.slice(0, 500), limit: MAX_RESULTS });
    if (scope.wholeJurisdiction) return { hits, order: 'score' };
    // The hosted service: keep this framework's hits, in its outline order.
    const index = await scope.loadIndex();
    const byId = new Map(index.map((i) => [i.caseIdentifierUUID, i]));
    return {
      hits: inOutlineOrder(
        hits.filter((h) => byId.has(h.caseIdentifierUUID)).map((h) => ({ ...h, item: byId.get(h.caseIdentifierUUID) })),
        index,
      ),
      order: 'outline',
    };
  } catch (e) {
    if (!isNetworkError(e)) throw e;
    const index = await scope.loadIndex();
    return { hits: inOutlineOrder(searchWordsLocally(index, text).slice(0, MAX_RESULTS).map(fromItem), index), order: 'outline' };
  }
}

/**
 * The best matches, shown in the framework's own order (grade by grade, as a teacher
 * reads it) rather than by score; hits outside the framework (the whole jurisdiction)
 * follow in score order.
 */
export function inOutlineOrder(hits: SearchHit[], index: StandardsItem[] | undefined): SearchHit[] {
  if (!index) return hits;
  const position = new Map(index.map((item, i) => [item.caseIdentifierUUID, i]));
  const at = (h: SearchHit) => position.get(h.caseIdentifierUUID) ?? Infinity;
  return hits
    .map((hit, rank) => ({ hit, rank }))
    .sort((a, b) => at(a.hit) - at(b.hit) || a.rank - b.rank)
    .map((r) => r.hit);
}

/** Offline word search: items holding the most query words first, then in list order. */
export function searchWordsLocally(items: StandardsItem[], input: string): StandardsItem[] {
  const words = queryWords(input);
  if (!words.length) return [];
  return items
    .map((item, order) => {
      const hay = `${item.statementCode ?? ''} ${item.description ?? ''}`.toLowerCase();
      return { item, order, score: words.filter((w) => hay.includes(w)).length };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((r) => r.item);
}

export const searchKeys = {
  all: ['search'] as const,
  results: (source: ApiSource, frameworkId: string, text: string, wholeJurisdiction: boolean) =>
    [...searchKeys.all, source.baseUrl, frameworkId, text, wholeJurisdiction] as const,
};

/**
 * A search as a query: not persisted, kept a minute, earlier results shown while a
 * refinement runs. A superseded search is cancelled: its query loses its only observer
 * when the text changes, and its fetch follows the query's abort signal.
 */
export function searchOptions(source: ApiSource, text: string, scope: SearchScope) {
  return queryOptions({
    queryKey: searchKeys.results(source, scope.framework.caseIdentifierUUID, text, scope.wholeJurisdiction),
    queryFn: ({ signal }) => searchStandards(source, text, scope, signal),
    meta: { persist: false },
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
