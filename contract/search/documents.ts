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

/**
 * One document per item, in the order given (the framework's outline order): its own
 * text, its skills' descriptions, and the position of its heading (its parent, where the
 * parent is one of the items).
 */
export function searchDocuments(
  items: readonly SearchableItem[],
  parentOf: (id: string) => string | undefined,
  skillsOf: (id: string) => readonly string[] | undefined,
): SearchDocument[] {
  const position = new Map(items.map((item, i) => [item.caseIdentifierUUID, i]));
  return items.map((item) => {
    const parent = parentOf(item.caseIdentifierUUID);
    return {
      statementCode: item.statementCode,
      description: item.description,
      notes: item.notes,
      skills: skillsOf(item.caseIdentifierUUID) ?? [],
      parent: parent === undefined ? undefined : position.get(parent),
      grouping: item.normalizedStatementType === 'Standard Grouping',
    };
  });
}
