/**
 * The filters a person sets on a framework (grades, subject, statement type) and the one
 * predicate for them: the outline prunes with it on the device, and saved frameworks
 * answer the list offline with it, exactly as the API filters online.
 */
import { useMemo } from 'react';
import { formatGrades } from './format';

export { isFiltering, matchesFilters, matchesGradeAndSubject, type ItemFilters } from '../../contract/outline/item-filters';
import type { ItemFilters } from '../../contract/outline/item-filters';

const TYPE_NAMES: Record<string, string> = { Standard: 'standards', 'Standard Grouping': 'groupings', Other: 'other items' };

/** The filters as words for a sentence ("grade 4", "grades 3–5, standards"); empty when none. */
export function describeFilters(f: ItemFilters): string {
  const grades = f.grades.length ? formatGrades(f.grades).replace(/^G/, 'g') : '';
  return [grades, f.subject, f.type && (TYPE_NAMES[f.type] ?? f.type)].filter(Boolean).join(', ');
}

/** The filters a page's address holds, as one stable object (a new one only when a filter changes). */
export function useItemFilters(params: { grades?: readonly string[]; subject?: string; type?: string }): ItemFilters {
  const { grades, subject, type } = params;
  return useMemo(() => ({ grades: grades ?? [], subject, type }), [grades, subject, type]);
}
