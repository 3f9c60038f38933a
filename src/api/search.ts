/**
 * One search box, two kinds of input: a code (`3.NF.A.1`, `hsa-ced.a`) is looked up
 * exactly through the API plus prefix matches from the framework's own list; anything
 * else is a ranked word search. With no network, both run over the saved framework.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { searchResultSchema, type Framework, type StandardsItem } from '../../contract/schemas';
import { getJson, isNetworkError, type ApiSource } from '../lib/api-client';
import { codeStartsWith, looksLikeCode, queryWords } from '../lib/code-query';
import { compareCodes } from '../../contract/natural-sort';

export interface SearchHit {
  caseIdentifierUUID: string;
  statementCode: string | null;
  description: string | null;
  attributionStatement: string;
  /** The full item, when the framework's list has it. */
  item?: StandardsItem;
}

export interface SearchScope {
  framework: Pick<Framework, 'caseIdentifierUUID' | 'jurisdiction' | 'academicSubject'>;
  /** Only this framework's items (when its list is known), or all of its jurisdiction. */
  wholeJurisdiction: boolean;
  /** The framework's items, when loaded or saved. */
  index?: StandardsItem[];
}

/** The most results one search returns (the API's search limit); the box shows them 20 at a time. */
export const MAX_RESULTS = 50;
const results = z.array(searchResultSchema);

export async function searchStandards(source: ApiSource, input: string, scope: SearchScope, signal?: AbortSignal): Promise<SearchHit[]> {
  const text = input.trim();
  if (!text) return [];
  const byId = new Map(scope.index?.map((i) => [i.caseIdentifierUUID, i]));
  const inScope = (h: { caseIdentifierUUID: string }) => scope.wholeJurisdiction || !scope.index || byId.has(h.caseIdentifierUUID);
  const withItem = (h: Omit<SearchHit, 'item'>): SearchHit => ({ ...h, item: byId.get(h.caseIdentifierUUID) });
  const filters = {
    jurisdiction: scope.framework.jurisdiction ?? undefined,
    academicSubject: scope.framework.academicSubject ?? undefined,
  };

  if (looksLikeCode(text)) {
    const prefix = (scope.index ?? [])
      .filter((i) => codeStartsWith(i.statementCode, text))
      .sort((a, b) => compareCodes(a.statementCode!, b.statementCode!));
    let exact: SearchHit[] = [];
    try {
      exact = await getJson(source, '/academic-standards/search', results, {
        params: { statementCode: text.replace(/\.$/, ''), ...filters, limit: 10 },
        signal,
      });
    } catch (e) {
      if (!isNetworkError(e) || !scope.index) throw e; // offline: the prefix matches still answer
    }
    const seen = new Set<string>();
    return [...exact.filter(inScope), ...prefix]
      .filter((h) => !seen.has(h.caseIdentifierUUID) && seen.add(h.caseIdentifierUUID))
      .slice(0, MAX_RESULTS)
      .map((h) => withItem(h));
  }

  try {
    const hits = await getJson(source, '/academic-standards/search', results, {
      params: { query: text.slice(0, 500), ...filters, limit: MAX_RESULTS },
      signal,
    });
    return inOutlineOrder(hits.filter(inScope).map(withItem), scope.index);
  } catch (e) {
    if (!isNetworkError(e) || !scope.index) throw e;
    return inOutlineOrder(searchWordsLocally(scope.index, text).slice(0, MAX_RESULTS).map(withItem), scope.index);
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
  results: (source: ApiSource, frameworkId: string, text: string, wholeJurisdiction: boolean, withIndex: boolean) =>
    [...searchKeys.all, source.baseUrl, frameworkId, text, wholeJurisdiction, withIndex] as const,
};

/** A search as a query: not persisted, kept a minute, earlier results shown while a refinement runs. */
export function searchOptions(source: ApiSource, text: string, scope: SearchScope) {
  return queryOptions({
    queryKey: searchKeys.results(source, scope.framework.caseIdentifierUUID, text, scope.wholeJurisdiction, !!scope.index),
    queryFn: ({ signal }) => searchStandards(source, text, scope, signal),
    meta: { persist: false },
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
