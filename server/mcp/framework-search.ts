/**
 * One framework searched by words or by the start of a code, as the app searches it.
 *
 * The local API answers in one request (its framework search extension). The hosted
 * service has no such operation, so in proxy mode the tool server does what the app does
 * against it: code prefixes from the framework's own list, words from the contract's
 * search (hits holding every word first, the service's order kept within), kept to the
 * framework by its list. The lists are read once and kept a while: a tool call must not
 * read a whole framework again and again, and the answer never holds one.
 */
import { compareCodes } from '../../contract/natural-sort';
import type { Framework, Page, StandardsItem } from '../../contract/schemas';
import { everyWordFirst } from '../../contract/search/marks';
import { getJson, query, ToolInputError, type CallApi } from './rest-calls';

export interface FrameworkSearch {
  /** `code`: items whose code starts so, in outline order; `words`: best match first. */
  code?: string;
  words?: string;
  gradeLevel?: readonly string[];
  normalizedStatementType?: string;
  limit: number;
}

/** Past this many frameworks, the hosted service's lists are not read for a code: its exact code search answers. */
const MOST_LISTS_READ = 4;

type Hit = { caseIdentifierUUID: string; statementCode: string | null; description: string | null };

/** Larger than any real framework (the largest state frameworks hold a few thousand items). */
const MAX_LIST_PAGES = 30;

/** The frameworks' lists the hosted service gave, for a while (its answers may change). */
export class FrameworkLists {
  private readonly lists = new Map<string, { until: number; items: Promise<StandardsItem[]> }>();

  constructor(
    private readonly keepMs = 10 * 60_000,
    private readonly most = 8,
  ) {}

  itemsOf(call: CallApi, frameworkId: string): Promise<StandardsItem[]> {
    const kept = this.lists.get(frameworkId);
    if (kept && kept.until > Date.now()) return kept.items;
    const items = readList(call, frameworkId);
    this.lists.delete(frameworkId);
    this.lists.set(frameworkId, { until: Date.now() + this.keepMs, items });
    // A failed read is not kept; the oldest list goes when there are too many.
    items.catch(() => this.lists.get(frameworkId)?.items === items && this.lists.delete(frameworkId));
    if (this.lists.size > this.most) this.lists.delete(this.lists.keys().next().value!);
    return items;
  }
}

async function readList(call: CallApi, frameworkId: string): Promise<StandardsItem[]> {
  const items: StandardsItem[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const path: string = `/academic-standards${query({ standardsFrameworkCaseIdentifierUUID: frameworkId, limit: 1000, cursor })}`;
    const { data, pagination } = await getJson<Page<StandardsItem>>(call, path);
    items.push(...data);
    if (!pagination.hasMore || !pagination.nextCursor) break;
    cursor = pagination.nextCursor;
  }
  return items;
}

/**
 * The framework's matches. `lists` is given when the API is the hosted service's (no
 * framework search); the local API is asked directly.
 */
export async function searchFramework(
  call: CallApi,
  lists: FrameworkLists | null,
  frameworkId: string,
  search: FrameworkSearch,
): Promise<StandardsItem[]> {
  const filters = filtersOf(search);
  if (!lists) {
    const asked = search.code !== undefined ? { statementCodePrefix: search.code, order: 'outline' } : { query: search.words };
    const path = `/standards-frameworks/${frameworkId}/search${query({ ...asked, ...filters, limit: search.limit })}`;
    return (await getJson<{ data: StandardsItem[] }>(call, path)).data;
  }
  const items = await lists.itemsOf(call, frameworkId);
  const passes = (i: StandardsItem) =>
    (!search.gradeLevel?.length || search.gradeLevel.some((g) => i.gradeLevel?.includes(g))) &&
    (!search.normalizedStatementType || i.normalizedStatementType === search.normalizedStatementType);
  if (search.code !== undefined) {
    const prefix = search.code.trim().toLowerCase().replace(/\.$/, '');
    return items
      .filter((i) => i.statementCode?.toLowerCase().startsWith(prefix) && passes(i))
      .sort((a, b) => compareCodes(a.statementCode!, b.statementCode!))
      .slice(0, search.limit);
  }
  const first = items[0];
  if (!first) return [];
  const byId = new Map(items.map((i) => [i.caseIdentifierUUID, i]));
  const hits = await wordHits(call, search, { jurisdiction: first.jurisdiction, academicSubject: first.academicSubject });
  return hits.flatMap((h) => byId.get(h.caseIdentifierUUID) ?? []).slice(0, search.limit);
}

/** The frameworks of a subject or a jurisdiction, or every one (a single page: there are a few hundred). */
export async function frameworksFor(call: CallApi, academicSubject?: string, jurisdiction?: string): Promise<Framework[]> {
  return (await getJson<Page<Framework>>(call, `/standards-frameworks${query({ limit: 1000, academicSubject, jurisdiction })}`)).data;
}

/**
 * Several frameworks (a jurisdiction's, or every one): words ranked across all of them by
 * the contract's search, as the app searches a whole jurisdiction; codes framework by
 * framework, in outline order within each.
 */
export async function searchFrameworks(
  call: CallApi,
  lists: FrameworkLists | null,
  frameworkIds: readonly string[],
  search: FrameworkSearch & { jurisdiction?: string; academicSubject?: string },
): Promise<StandardsItem[]> {
  const { jurisdiction, academicSubject, ...one } = search;
  if (frameworkIds.length === 1) return searchFramework(call, lists, frameworkIds[0]!, one);
  const across = search.words !== undefined || (lists && frameworkIds.length > MOST_LISTS_READ);
  if (across) {
    const hits =
      search.words !== undefined
        ? await wordHits(call, search, { jurisdiction, academicSubject })
        : await getJson<Hit[]>(
            call,
            `/academic-standards/search${query({ statementCode: search.code, jurisdiction, academicSubject, ...filtersOf(search), limit: 50 })}`,
          );
    const chosen = hits.slice(0, search.limit);
    return Promise.all(chosen.map((h) => getJson<StandardsItem>(call, `/academic-standards/${h.caseIdentifierUUID}`)));
  }
  const found: StandardsItem[] = [];
  for (const id of frameworkIds) {
    found.push(...(await searchFramework(call, lists, id, one)));
    if (found.length >= search.limit) break;
  }
  return found.slice(0, search.limit);
}

const filtersOf = (search: FrameworkSearch) => ({ gradeLevel: search.gradeLevel, normalizedStatementType: search.normalizedStatementType });

/** The contract's word search, hits holding every word first (the service's order kept within). */
async function wordHits(call: CallApi, search: FrameworkSearch, scope: { jurisdiction?: string | null; academicSubject?: string | null }) {
  const hits = await getJson<Hit[]>(
    call,
    `/academic-standards/search${query({ query: search.words, ...scope, ...filtersOf(search), limit: 50 })}`,
  );
  return everyWordFirst(hits, (h) => `${h.statementCode ?? ''} ${h.description ?? ''}`, search.words!);
}

/** A code nothing answers is a mistake to correct, not an empty answer. */
export function unknownCode(code: string, scope: Array<string | undefined>) {
  const where = scope.filter(Boolean).join(' ');
  return new ToolInputError(
    `No standard has the code "${code.slice(0, 50)}" or a code under it${where ? ` in ${where}` : ''}. Check the code (such as 3.NF.A.1, or a prefix such as 3.NF), name another jurisdiction, or search with keywords.`,
  );
}
