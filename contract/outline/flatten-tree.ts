/**
 * Turns the loaded, expanded parts of the tree into the flat list of rows the
 * virtualized view renders, with the ARIA level / position of each row.
 */
import type { StandardsItem } from '../schemas';
import type { ChildrenState } from './children-state';
import { isFiltering, matchesFilters, matchesGradeAndSubject, type ItemFilters } from './item-filters';

interface RowBase {
  /** Unique per position in the tree (an item could sit under two parents). */
  key: string;
  level: number;
  parentKey: string | null;
  posinset: number;
  setsize: number;
}

export type TreeRow =
  | (RowBase & { kind: 'item'; item: StandardsItem; expanded: boolean | undefined })
  | (RowBase & { kind: 'loading'; parentId: string })
  | (RowBase & { kind: 'error'; parentId: string; error: unknown })
  | (RowBase & { kind: 'offline'; parentId: string })
  | (RowBase & { kind: 'more'; parentId: string; loading: boolean });

export type ItemRow = Extract<TreeRow, { kind: 'item' }>;

export interface FlattenInput {
  roots: StandardsItem[];
  expanded: ReadonlySet<string>;
  children: ReadonlyMap<string, ChildrenState>;
  /** Outline filters prune on the client; the list view filters on the server (null). */
  filters: ItemFilters | null;
  /** The list view holds every level already: its rows never expand (children would show twice). */
  flat?: boolean;
}

export interface FlatTree {
  rows: TreeRow[];
  hiddenCount: number;
}

/**
 * Could something below this not-yet-loaded item match? A grouping whose children are
 * not loaded stays while its grades and subject allow a match below it, so a type filter
 * does not hide the whole outline before anything is expanded.
 */
function mayContainMatch(item: StandardsItem, f: ItemFilters): boolean {
  return item.hasChildren && matchesGradeAndSubject(item, f);
}

export function flattenTree({ roots, expanded, children, filters, flat = false }: FlattenInput): FlatTree {
  const rows: TreeRow[] = [];
  let hiddenCount = 0;
  const filtering = filters !== null && isFiltering(filters);
  const keepCache = new Map<string, boolean>();

  // Whether an item stays under the filters: it matches, or a loaded descendant does.
  const keep = (item: StandardsItem, seen: Set<string>): boolean => {
    if (!filtering) return true;
    const cached = keepCache.get(item.caseIdentifierUUID);
    if (cached !== undefined) return cached;
    let result = matchesFilters(item, filters!);
    if (!result && !seen.has(item.caseIdentifierUUID)) {
      const state = children.get(item.caseIdentifierUUID);
      if (state?.status === 'success') {
        seen.add(item.caseIdentifierUUID);
        result = state.items.some((c) => keep(c, seen));
      } else {
        result = mayContainMatch(item, filters!);
      }
    }
    keepCache.set(item.caseIdentifierUUID, result);
    return result;
  };

  const addLevel = (items: StandardsItem[], level: number, parentKey: string | null, path: Set<string>) => {
    const kept = items.filter((i) => keep(i, new Set()));
    hiddenCount += items.length - kept.length;
    kept.forEach((item, index) => {
      const id = item.caseIdentifierUUID;
      const key = parentKey ? `${parentKey}/${id}` : id;
      // A cycle in bad data must not recurse forever: an item inside its own path is a leaf.
      const expandable = !flat && item.hasChildren && !path.has(id);
      const isOpen = expandable && expanded.has(id);
      rows.push({
        kind: 'item',
        key,
        level,
        parentKey,
        posinset: index + 1,
        setsize: kept.length,
        item,
        expanded: expandable ? isOpen : undefined,
      });
      if (isOpen) addChildren(id, key, level + 1, new Set(path).add(id));
    });
  };

  const addChildren = (parentId: string, parentKey: string, level: number, path: Set<string>) => {
    const state = children.get(parentId) ?? { status: 'pending' };
    const base = { level, parentKey, posinset: 1, setsize: 1, parentId };
    if (state.status === 'pending') rows.push({ ...base, kind: 'loading', key: `${parentKey}/#loading` });
    else if (state.status === 'error') rows.push({ ...base, kind: 'error', key: `${parentKey}/#error`, error: state.error });
    else if (state.status === 'offline') rows.push({ ...base, kind: 'offline', key: `${parentKey}/#offline` });
    else {
      addLevel(state.items, level, parentKey, path);
      if (state.hasMore) rows.push({ ...base, kind: 'more', key: `${parentKey}/#more`, loading: state.loadingMore });
    }
  };

  addLevel(roots, 1, null, new Set());
  return { rows, hiddenCount };
}
