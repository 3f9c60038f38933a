/**
 * One search box, two kinds of input: a code (`3.NF.A.1`, `hsa-ced.a`) finds that code
 * and every code starting with it; anything else is a ranked word search, best match
 * first or in outline order. Where the service offers it (the local API's framework
 * search extension), one request answers either, for one framework, with whole items and
 * why each matched. Elsewhere (the hosted service) the contract's search answers, and
 * code prefixes and the framework scope come from the framework's own list, loaded only
 * then. With no network, both run over the saved framework, ranked as the API ranks it.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { standardsItemSchema } from '../../contract/schemas';
import { MAX_RESULTS, filterParams, fromItem, type SearchHit, type SearchOrder, type SearchResults, type SearchScope } from './search-hits';
import { loadPart } from '../lib/load-part';
import { ApiError, getJson, isNetworkError, type ApiSource } from '../lib/api-client';
import { looksLikeCode } from '../lib/code-query';

export { MAX_RESULTS, type SearchHit, type SearchOrder, type SearchResults, type SearchScope } from './search-hits';

/** Why a result matched (absent from servers before it was added: then nothing is said). */
const matchSchema = z.object({
  viaSkill: z.optional(z.object({ identifier: z.string(), description: z.string(), through: z.optional(z.string()) })),
  alsoAt: z.optional(z.array(z.string())),
});
const frameworkHits = z.object({ data: z.array(standardsItemSchema), matches: z.optional(z.array(matchSchema)) });

/** Services known to lack the framework search extension (asked once per page load). */
const withoutFrameworkSearch = new Set<string>();

/**
 * The framework search extension's answer, or undefined where the service lacks it (404)
 * or cannot be reached (then the saved copy answers).
 */
async function searchFramework(source: ApiSource, params: Record<string, string | number>, scope: SearchScope, signal?: AbortSignal) {
  if (withoutFrameworkSearch.has(source.baseUrl)) return undefined;
  const id = encodeURIComponent(scope.framework.caseIdentifierUUID);
  try {
    const { data, matches } = await getJson(source, `/standards-frameworks/${id}/search`, frameworkHits, {
      params: { ...params, ...filterParams(scope.filters), limit: MAX_RESULTS },
      signal,
    });
    return data.map((item, i): SearchHit => {
      const m = matches?.[i];
      return { ...fromItem(item), ...(m?.viaSkill && { viaSkill: m.viaSkill }), ...(m?.alsoAt?.length && { alsoAt: m.alsoAt.length }) };
    });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) withoutFrameworkSearch.add(source.baseUrl);
    else if (!isNetworkError(e)) throw e;
    return undefined;
  }
}

export async function searchStandards(
  source: ApiSource,
  input: string,
  scope: SearchScope,
  order: SearchOrder = 'best',
  signal?: AbortSignal,
): Promise<SearchResults> {
  const text = input.trim();
  // Nothing to search for: no letters or digits (the API would refuse it).
  if (!/[\p{L}\p{N}]/u.test(text)) return { hits: [], order: 'outline' };
  const code = looksLikeCode(text) ? text.replace(/\.$/, '') : null;
  // One request where the service searches a framework itself (the local API).
  const params: Record<string, string> =
    code !== null ? { statementCodePrefix: code } : { query: text.slice(0, 500), order: order === 'best' ? 'relevance' : 'outline' };
  const inFramework = code !== null || !scope.wholeJurisdiction ? await searchFramework(source, params, scope, signal) : undefined;
  if (inFramework && !scope.wholeJurisdiction) return { hits: inFramework, order: code !== null ? 'outline' : order };
  // The whole jurisdiction, the hosted service, or offline: loaded only then.
  const { searchElsewhere } = await loadPart(() => import('./search-elsewhere'));
  return searchElsewhere(source, text, code, scope, order, inFramework, signal);
}

export const searchKeys = {
  all: ['search'] as const,
  results: (source: ApiSource, frameworkId: string, text: string, scope: SearchScope, order: SearchOrder) =>
    [...searchKeys.all, source.baseUrl, frameworkId, text, scope.wholeJurisdiction, order, filterParams(scope.filters)] as const,
};

/**
 * A search as a query: not persisted, kept a minute, earlier results shown while a
 * refinement runs. A superseded search is cancelled: its query loses its only observer
 * when the text changes, and its fetch follows the query's abort signal.
 */
export function searchOptions(source: ApiSource, text: string, scope: SearchScope, order: SearchOrder = 'best') {
  return queryOptions({
    queryKey: searchKeys.results(source, scope.framework.caseIdentifierUUID, text, scope, order),
    queryFn: ({ signal }) => searchStandards(source, text, scope, order, signal),
    meta: { persist: false },
    staleTime: 60_000,
    // Offline the search has its own answer (the saved copy, ranked on the device): a retry
    // runs rather than waiting for a network that may not come, so a failure ends in a
    // message instead of "Searching…" for ever.
    networkMode: 'always',
    // Earlier results stay on screen only while the same search is being refined (a key
    // typed or erased); a different search, or one typed after clearing the box, starts
    // from no results instead of showing another query's under "Searching…".
    placeholderData: (previous, previousQuery) => {
      const before = String(previousQuery?.queryKey[3] ?? '').toLowerCase();
      const now = text.toLowerCase();
      return before && (now.startsWith(before) || before.startsWith(now)) ? previous : undefined;
    },
  });
}
