/**
 * Search where the framework search extension cannot answer alone: across a whole
 * jurisdiction, against the hosted service (the contract's search, with code prefixes
 * and the framework scope from the framework's own list), and offline (over the saved
 * framework). Loaded only when needed: the local API answers most searches in one request.
 */
import { compareCodes } from '../../contract/natural-sort';
import type { StandardsItem } from '../../contract/schemas';
import { ApiError, getJson, isNetworkError, type ApiSource } from '../lib/api-client';
import { codeStartsWith, queryWords } from '../lib/code-query';
import { MAX_RESULTS, fromItem, searchResults, type SearchHit, type SearchResults, type SearchScope } from './search-hits';

export async function searchElsewhere(
  source: ApiSource,
  text: string,
  code: string | null,
  scope: SearchScope,
  /** The framework's own code prefixes, where the extension answered them. */
  inFramework: SearchHit[] | undefined,
  signal?: AbortSignal,
): Promise<SearchResults> {
  const filters = {
    jurisdiction: scope.framework.jurisdiction ?? undefined,
    academicSubject: scope.framework.academicSubject ?? undefined,
  };
  const contractSearch = (params: Record<string, string | number>) =>
    getJson(source, '/academic-standards/search', searchResults, { params: { ...params, ...filters }, signal });

  if (code !== null) {
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
