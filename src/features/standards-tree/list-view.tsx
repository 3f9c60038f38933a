import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { frameworkItemsOptions } from '../../api/standards';
import { isFiltering, type ItemFilters } from '../../lib/item-filters';
import { useApiSource } from '../../lib/api-source';
import { ErrorMessage } from '../../components/ui/error-message';
import { SkeletonRows } from '../../components/ui/skeleton-rows';
import { StandardsTree, type StandardsTreeProps } from './standards-tree';
import { useTreeRows } from './use-tree-rows';

export interface ListViewProps {
  frameworkId: string;
  filters: ItemFilters;
  /** What choosing a row does, and the item to bring into view. */
  behaviour: StandardsTreeProps['behaviour'];
  revealId?: string;
  /** Rows show their whole text, however long. */
  fullText?: boolean;
}

/** Every item of the framework, filtered by the server, loading pages as the user scrolls. */
export function ListView({ frameworkId, filters, behaviour, revealId, fullText }: ListViewProps) {
  const source = useApiSource();
  const list = useInfiniteQuery(frameworkItemsOptions(source, frameworkId, filters));
  const roots = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  const { loaders, treeProps } = useTreeRows(frameworkId, roots, null);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const onEndReached = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (list.isPending) return <SkeletonRows label="Loading standards" />;
  if (list.isError) return <ErrorMessage error={list.error} what="framework" onRetry={() => void list.refetch()} />;
  if (roots.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 max-sm:mx-4 text-slate-600 dark:text-slate-400">
        {isFiltering(filters) ? 'No items match these filters. Try fewer filters.' : 'This framework has no items.'}
      </p>
    );
  }

  const count = roots.length.toLocaleString('en-US');
  return (
    <div className="flex flex-col gap-2">
      {loaders}
      <p className="min-h-6 text-sm text-slate-600 max-sm:px-4 dark:text-slate-400" aria-live="polite">
        {hasNextPage ? `Showing ${count} items — scroll for more` : `${count} ${roots.length === 1 ? 'item' : 'items'}`}
      </p>
      <StandardsTree
        {...treeProps}
        behaviour={behaviour}
        revealId={revealId}
        fullText={fullText}
        flat
        onEndReached={onEndReached}
        footer={
          <p
            className="border-t border-slate-100 px-4 py-3 text-center text-sm text-slate-600 dark:text-slate-400 dark:border-slate-800"
            role="status"
          >
            {list.isFetchNextPageError ? (
              <button type="button" className="text-red-700 underline" onClick={() => void fetchNextPage()}>
                Loading more failed — retry
              </button>
            ) : hasNextPage ? (
              'Loading more…'
            ) : (
              `End of list · ${count} items`
            )}
          </p>
        }
      />
    </div>
  );
}
