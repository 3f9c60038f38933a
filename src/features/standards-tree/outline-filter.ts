/**
 * Client-side pruning of the outline by grade, subject and statement type. An item
 * stays when it matches or a loaded descendant does; a grouping whose children are not
 * loaded yet stays while its grades and subject allow a match below it, so a type
 * filter does not hide the whole outline before anything is expanded.
 */
import type { StandardsItem } from '../../../contract/schemas';

export interface OutlineFilters {
  grades: readonly string[];
  subject?: string;
  type?: string;
}

export const isFiltering = (f: OutlineFilters) => f.grades.length > 0 || !!f.subject || !!f.type;

function gradeAndSubjectMatch(item: StandardsItem, f: OutlineFilters) {
  if (f.grades.length > 0 && !item.gradeLevel?.some((g) => f.grades.includes(g))) return false;
  return !f.subject || item.academicSubject === f.subject;
}

export function matchesFilters(item: StandardsItem, f: OutlineFilters): boolean {
  return gradeAndSubjectMatch(item, f) && (!f.type || item.normalizedStatementType === f.type);
}

/** Could something below this not-yet-loaded item match? */
export function mayContainMatch(item: StandardsItem, f: OutlineFilters): boolean {
  return item.hasChildren && gradeAndSubjectMatch(item, f);
}
