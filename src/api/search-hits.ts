/** What a search answers, shared by the search paths (search.ts, search-elsewhere.ts). */
import * as z from 'zod/mini';
import { SEARCH_ORDERS } from '../lib/browse-params';
import { searchResultSchema, type Framework, type StandardsItem } from '../../contract/schemas';
import type { SkillText } from '../../contract/search/documents';
import type { ItemFilters } from '../lib/item-filters';
import { looksLikeCode } from '../lib/code-query';

export interface SearchHit {
  caseIdentifierUUID: string;
  statementCode: string | null;
  description: string | null;
  attributionStatement: string;
  /** The full item, when known. */
  item?: StandardsItem;
  /** The skill whose words matched where the item's own text lacks them ("via skill: …"). */
  viaSkill?: SkillText;
  /** How many other places of the framework hold the same standard (same code and text), folded into this result. */
  alsoAt?: number;
}

/** Best match first (the default), or the framework's own order, grade by grade. */
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

export interface SearchResults {
  hits: SearchHit[];
  /** The order shown: best match first, or the framework's own (as a teacher reads it; code searches always). */
  order: SearchOrder;
}

export interface SearchScope {
  framework: Pick<Framework, 'caseIdentifierUUID' | 'jurisdiction' | 'academicSubject'>;
  /** Only this framework's items, or all of its jurisdiction. */
  wholeJurisdiction: boolean;
  /** The page's grade, subject and type filters, which results honour (none: every item). */
  filters?: ItemFilters;
  /** The framework's items (network or saved copy): asked for only where the service cannot search the framework itself. */
  loadIndex: () => Promise<StandardsItem[]>;
}

/** The most results one search returns (the API's search limit); the box shows them 20 at a time. */
export const MAX_RESULTS = 50;
export const searchResults = z.array(searchResultSchema);

/**
 * The filters as the API's search parameters. Several grades repeat the parameter
 * (`gradeLevel=4&gradeLevel=5`), as the contract reads them: a comma list is refused.
 */
export const filterParams = (f: ItemFilters | undefined) => ({
  gradeLevel: f?.grades.length ? f.grades : undefined,
  academicSubject: f?.subject,
  normalizedStatementType: f?.type,
});

export const fromItem = (item: StandardsItem): SearchHit => ({ ...item, item });

/**
 * What Enter opens: the best standard, not a grouping (a domain that shares the words is
 * rarely what a teacher wants to read), unless the query is a grouping's own code.
 */
export function bestToOpen(hits: readonly SearchHit[], query: string): SearchHit | undefined {
  if (looksLikeCode(query)) {
    const code = query.trim().replace(/\.$/, '').toLowerCase();
    const named = hits.find((h) => h.statementCode?.trim().toLowerCase() === code);
    if (named) return named;
  }
  return hits.find((h) => h.item?.normalizedStatementType !== 'Standard Grouping') ?? hits[0];
}
