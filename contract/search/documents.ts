/**
 * What is searchable of a framework's items, built the same way by the server (from its
 * database) and by the browser (from a saved framework): the two must hand the ranking
 * identical documents in identical order for a saved framework to rank as the API does.
 */
import type { SearchDocument } from './rank';

/** The fields of an item the search reads. */
export interface SearchableItem {
  caseIdentifierUUID: string;
  statementCode?: string | null;
  description?: string | null;
  notes?: string | null;
  normalizedStatementType?: string | null;
}

/** Headings deeper than this are not context (a guard against a cycle in hostile data). */
const MAX_DEPTH = 50;

/**
 * One document per item, in the order given (the framework's outline order): its own
 * text, its skills' descriptions, and the descriptions of the headings above it.
 */
export function searchDocuments(
  items: readonly SearchableItem[],
  parentOf: (id: string) => string | undefined,
  skillsOf: (id: string) => readonly string[] | undefined,
): SearchDocument[] {
  const byId = new Map(items.map((i) => [i.caseIdentifierUUID, i]));
  return items.map((item) => {
    const context: string[] = [];
    for (let p = parentOf(item.caseIdentifierUUID); p !== undefined && context.length < MAX_DEPTH; p = parentOf(p)) {
      const heading = byId.get(p);
      if (!heading) break; // the framework itself, or outside it
      if (heading.description) context.push(heading.description);
    }
    return {
      statementCode: item.statementCode,
      description: item.description,
      notes: item.notes,
      skills: skillsOf(item.caseIdentifierUUID) ?? [],
      context,
      grouping: item.normalizedStatementType === 'Standard Grouping',
    };
  });
}
