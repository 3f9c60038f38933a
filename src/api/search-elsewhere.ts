/**
 * Search where the framework search extension cannot answer alone: across a whole
 * jurisdiction, against the hosted service (the contract's search, with code prefixes
 * and the framework scope from the framework's own list), and offline (over the saved
 * framework, ranked on the device as the API ranks it). Loaded only when needed: the
 * local API answers most searches in one request.
 */
import { compareCodes } from '../../contract/natural-sort';
import { everyWordFirst } from '../../contract/search/marks';
import type { StandardsItem } from '../../contract/schemas';
import { loadPart } from '../lib/load-part';
import { ApiError, getJson, isNetworkError, type ApiSource } from '../lib/api-client';
import { codeStartsWith } from '../lib/code-query';
import { matchesFilters } from '../lib/item-filters';
import {
  MAX_RESULTS,
  filterParams,
  fromItem,
  searchResults,
  type SearchHit,
  type SearchOrder,
  type SearchResults,
  type SearchScope,
} from './search-hits';

export async function searchElsewhere(
  source: ApiSource,
  text: string,
  code: string | null,
  scope: SearchScope,
  order: SearchOrder,
  /** The framework's own code prefixes, where the extension answered them. */
  inFramework: SearchHit[] | undefined,
  signal?: AbortSignal,
): Promise<SearchResults> {
  const filters = {
    jurisdiction: scope.framework.jurisdiction ?? undefined,
    academicSubject: scope.framework.academicSubject ?? undefined,
    ...dropUndefined(filterParams(scope.filters)),
  };
  // Items from the framework's own list are filtered here, as the API filters its answers.
  const passes = (item: StandardsItem) => !scope.filters || matchesFilters(item, scope.filters);
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
        .filter((i) => codeStartsWith(i.statementCode, code) && passes(i))
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
    // The service ranks by its own measure; the app's order rule goes first: hits holding
    // every word before those holding some, the service's order kept within each.
    const served: SearchHit[] = await contractSearch({ query: text.slice(0, 500), limit: MAX_RESULTS });
    const hits = everyWordFirst(served, (h) => `${h.statementCode ?? ''} ${h.description ?? ''}`, text);
    const index = scope.wholeJurisdiction && order === 'best' ? undefined : await scope.loadIndex();
    if (scope.wholeJurisdiction) return { hits: order === 'outline' ? inOutlineOrder(hits, index) : hits, order };
    // The hosted service: keep this framework's hits.
    const byId = new Map(index!.map((i) => [i.caseIdentifierUUID, i]));
    const inFramework = hits.filter((h) => byId.has(h.caseIdentifierUUID)).map((h) => ({ ...h, item: byId.get(h.caseIdentifierUUID) }));
    return { hits: order === 'outline' ? inOutlineOrder(inFramework, index) : inFramework, order };
  } catch (e) {
    if (!isNetworkError(e)) throw e;
    const index = await scope.loadIndex();
    const { rankOnDevice } = await loadPart(() => import('./search-on-device'));
    const hits = await rankOnDevice(source.baseUrl, scope.framework.caseIdentifierUUID, index, text, order, passes);
    return { hits, order };
  }
}

const dropUndefined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * Hits of this framework in its own order (grade by grade, as a teacher reads it);
 * hits outside it (the whole jurisdiction) follow in the order given.
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
