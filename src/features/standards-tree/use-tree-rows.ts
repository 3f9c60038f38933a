/**
 * What both views share: expansion for the framework, the children of expanded nodes,
 * the flat rows to render, and the attribution of the rows on screen.
 */
import { useMemo } from 'react';
import type { StandardsItem } from '../../../contract/schemas';
import { useApiSource } from '../../lib/api-source';
import { useShowsAttribution } from '../../lib/attribution-store';
import { flattenTree } from '../../../contract/outline/flatten-tree';
import type { ItemFilters } from '../../lib/item-filters';
import { useChildrenStates } from './use-children-states';
import { useExpanded } from './use-expanded';

/** `filters` prune the outline on the client; null for the list, which is flat and filtered by the server. */
export function useTreeRows(frameworkId: string, roots: StandardsItem[], filters: ItemFilters | null) {
  const source = useApiSource();
  const flat = filters === null;
  const { expandedIds, toggle } = useExpanded(frameworkId);
  const { states, loaders, retry, loadMore } = useChildrenStates(source, flat ? NONE : expandedIds);
  const { rows, hiddenCount } = useMemo(
    () => flattenTree({ roots, expanded: new Set(expandedIds), children: states, filters, flat }),
    [roots, expandedIds, states, filters, flat],
  );
  useShowsAttribution(rows.map((r) => (r.kind === 'item' ? r.item.attributionStatement : null)));
  return {
    rows,
    hiddenCount,
    /** Render these beside the tree: they hold the expanded nodes' queries. */
    loaders,
    treeProps: { rows, onToggle: toggle, onRetry: retry, onLoadMore: loadMore },
  };
}

const NONE: string[] = [];
