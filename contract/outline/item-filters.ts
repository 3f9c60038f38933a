/**
 * The filters a person sets on a framework (grades, subject, statement type) and the one
 * predicate for them: the outline prunes with it (in the browser, and in the server's first
 * screen), and saved frameworks answer the list offline with it, exactly as the API filters.
 */
import type { StandardsItem } from '../schemas';

export interface ItemFilters {
  grades: readonly string[];
  subject?: string;
  type?: string;
}

export const isFiltering = (f: ItemFilters) => f.grades.length > 0 || !!f.subject || !!f.type;

/** Grades (any of) and subject; the statement type is checked by `matchesFilters`. */
export function matchesGradeAndSubject(item: StandardsItem, f: ItemFilters) {
  if (f.grades.length > 0 && !item.gradeLevel?.some((g) => f.grades.includes(g))) return false;
  return !f.subject || item.academicSubject === f.subject;
}

export function matchesFilters(item: StandardsItem, f: ItemFilters): boolean {
  return matchesGradeAndSubject(item, f) && (!f.type || item.normalizedStatementType === f.type);
}
