import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { childrenOptions } from '../../api/standards';
import { useApiSource } from '../../lib/api-source';
import { sortSiblings } from '../../../contract/natural-sort';
import { ErrorMessage } from '../../components/ui/error-message';
import { SkeletonRows } from '../../components/ui/skeleton-rows';
import { isFiltering, type ItemFilters } from '../../lib/item-filters';
import { StandardsTree, type StandardsTreeProps } from './standards-tree';
import { useTreeRows } from './use-tree-rows';
import { useAutoOpen } from './auto-open';
import { CollapseAllButton } from './collapse-all-button';

export interface OutlineViewProps {
  frameworkId: string;
  filters: ItemFilters;
  /** What choosing a row does, and the item to bring into view. */
  behaviour: StandardsTreeProps['behaviour'];
  revealId?: string;
  /** Rows show their whole text, however long. */
  fullText?: boolean;
  /** The service cannot list a framework's top level (404): the page switches to the list. */
  onUnsupported: () => void;
  /** Open every branch down to this level when the outline first shows (the embed's `expand=`). */
  expandDepth?: number;
  /** The page shows "Collapse all" in its own bar (the phone's sticky bar, the short picker's Options). */
  collapseInBar?: boolean;
}

/** The framework's hierarchy: top level from the children extension, the rest on demand. */
export function OutlineView({
  frameworkId,
  filters,
  behaviour,
  revealId,
  fullText,
  onUnsupported,
  expandDepth,
  collapseInBar,
}: OutlineViewProps) {
  const source = useApiSource();
  const top = useInfiniteQuery(childrenOptions(source, frameworkId));
  const roots = useMemo(() => sortSiblings(top.data?.pages.flatMap((p) => p.data) ?? []), [top.data]);
  const { rows, loaders, treeProps } = useTreeRows(frameworkId, roots, filters);
  useAutoOpen({ frameworkId, roots, filters, depth: expandDepth });
  const unsupported = top.isError && (top.error as { status?: number }).status === 404;
  useEffect(() => {
    if (unsupported) onUnsupported();
  }, [unsupported, onUnsupported]);

  // The expanded branches (kept for the tab) load alongside the top level, not after it.
  if (top.isPending)
    return (
      <>
        {loaders}
        <SkeletonRows label="Loading the framework" count={4} />
      </>
    );
  if (top.isError) {
    if (unsupported) return null;
    return <ErrorMessage error={top.error} what="framework" onRetry={() => void top.refetch()} />;
  }
  if (roots.length === 0)
    return (
      <p className="rounded-lg border border-dashed p-6 max-sm:mx-4 text-slate-600 dark:text-slate-400">This framework has no items.</p>
    );

  return (
    // On a phone the status line is read out but not shown (the bar has the chips): no gap for it.
    <div className="flex flex-col gap-2 max-sm:gap-0">
      {loaders}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm max-sm:px-4 sm:min-h-6 text-slate-600 dark:text-slate-400">
        {/* No count of hidden items: it would grow as branches load, which reads as the filter changing. */}
        {/* The phone's bar shows the filters as chips: the "Filtered" line gives way there, but is still read out. */}
        <p aria-live="polite" className={rows.length > 0 ? 'max-sm:sr-only' : ''}>
          {isFiltering(filters)
            ? rows.length === 0
              ? 'Nothing in the outline matches these filters; try fewer filters.'
              : 'Filtered: matching standards, inside the groupings that hold them.'
            : ''}
        </p>
        {!collapseInBar && <CollapseAllButton frameworkId={frameworkId} />}
      </div>
      <StandardsTree {...treeProps} behaviour={behaviour} revealId={revealId} fullText={fullText} />
    </div>
  );
}
