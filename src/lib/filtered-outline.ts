/**
 * A framework's outline under the framework page's filters, as its Outline view shows it:
 * the items that match, and the groupings that hold them, depth first with siblings in
 * the tree's order. A grouping whose grades or subject rule out every match below it is
 * not opened (the outline does not open it either), so a filtered export reads only the
 * branches it can keep.
 */
import type { StandardsItem } from '../../contract/schemas';
import { sortSiblings } from '../../contract/natural-sort';
import type { ExportEntry } from './export-entries';
import { isFiltering, matchesFilters, matchesGradeAndSubject, type ItemFilters } from './item-filters';

/** Whether the outline opens this item under the filters: it has children that could match. */
export const worthOpening = (item: StandardsItem, filters: ItemFilters) => item.hasChildren && matchesGradeAndSubject(item, filters);

/**
 * The kept items with their ancestors, in outline order. `childrenOf` answers what was
 * read (undefined for an item not opened).
 */
export function filteredOutline(
  roots: readonly StandardsItem[],
  childrenOf: (id: string) => readonly StandardsItem[] | undefined,
  framework: ExportEntry['framework'],
  filters: ItemFilters,
): ExportEntry[] {
  const filtering = isFiltering(filters);
  const kept = new Map<string, boolean>();
  const keep = (item: StandardsItem, path: ReadonlySet<string>): boolean => {
    const id = item.caseIdentifierUUID;
    const known = kept.get(id);
    if (known !== undefined) return known;
    // Bad data that makes an item its own ancestor must not recurse forever.
    const below = path.has(id) ? [] : (childrenOf(id) ?? []);
    const result = !filtering || matchesFilters(item, filters) || below.some((c) => keep(c, new Set(path).add(id)));
    kept.set(id, result);
    return result;
  };
  const out: ExportEntry[] = [];
  const visit = (items: readonly StandardsItem[], path: StandardsItem[]) => {
    for (const item of sortSiblings(items)) {
      if (path.some((p) => p.caseIdentifierUUID === item.caseIdentifierUUID) || !keep(item, new Set())) continue;
      out.push({ item, framework, path });
      visit(childrenOf(item.caseIdentifierUUID) ?? [], [...path, item]);
    }
  };
  visit(roots, []);
  return out;
}
