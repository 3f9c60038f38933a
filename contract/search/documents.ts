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
  gradeLevel?: readonly string[] | null;
}

/** A skill as the ranking reads it and a result names it. */
export interface SkillText {
  identifier: string;
  description: string;
  /** A derived skill (contract/derived): the standard it is listed for, "California 3.NF.A.1". */
  through?: string;
}

/**
 * One document per item, in the order given (the framework's outline order): its own
 * text, its skills' descriptions (`skills[i]` are item i's, in their order), and the
 * position of its heading (its parent, where the parent is one of the items).
 */
export function searchDocuments(
  items: readonly SearchableItem[],
  parentOf: (id: string) => string | undefined,
  skills: ReadonlyArray<readonly SkillText[]>,
): SearchDocument[] {
  const position = new Map(items.map((item, i) => [item.caseIdentifierUUID, i]));
  return items.map((item, i) => {
    const parent = parentOf(item.caseIdentifierUUID);
    return {
      statementCode: item.statementCode,
      description: item.description,
      notes: item.notes,
      skills: (skills[i] ?? []).map((s) => s.description),
      parent: parent === undefined ? undefined : position.get(parent),
      grouping: isHeading(item),
      grades: item.gradeLevel ?? undefined,
    };
  });
}

/**
 * A heading, not a standard: a grouping, or an item with neither a type nor a code
 * ("Standards for Mathematical Practice: High School", "Standards for Math Content"):
 * such items only title the levels below them.
 */
const isHeading = (item: SearchableItem) =>
  item.normalizedStatementType === 'Standard Grouping' || (!item.normalizedStatementType && !item.statementCode);
