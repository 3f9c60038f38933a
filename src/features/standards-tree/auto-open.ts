/**
 * Opening the outline for the teacher, by the shared rule (contract/outline/open-levels.ts)
 * over the query cache. Each filter opens the outline once per tab, so a branch the teacher
 * closes stays closed.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StandardsItem } from '../../../contract/schemas';
import { childrenOptions } from '../../api/standards';
import type { ApiSource } from '../../lib/api-client';
import { useApiSource } from '../../lib/api-source';
import { isFiltering, type ItemFilters } from '../../lib/item-filters';
import { openLevels } from '../../../contract/outline/open-levels';
import { readState } from './use-children-states';
import { expandPath, expandedOf } from './use-expanded';

export interface AutoOpenRequest {
  frameworkId: string;
  roots: StandardsItem[];
  filters: ItemFilters;
  /** Open every branch down to this level (the embed's `expand=`); otherwise the filters decide. */
  depth?: number;
}

/** Filters and depths already opened in this tab, by framework: each opens once. */
const done = new Set<string>();

export function useAutoOpen({ frameworkId, roots, filters, depth }: AutoOpenRequest) {
  const client = useQueryClient();
  const source = useApiSource();
  const key = `${source.baseUrl} ${frameworkId} ${depth ?? ''} ${filters.grades.join(',')} ${filters.subject ?? ''} ${filters.type ?? ''}`;
  const wanted = roots.length > 0 && (depth !== undefined ? depth > 0 : isFiltering(filters));
  useEffect(() => {
    if (!wanted || done.has(key)) return;
    done.add(key);
    const run = { cancelled: false, finished: false };
    void openOutline(client, source, { frameworkId, roots, filters, depth }, run).finally(() => (run.finished = true));
    return () => {
      // Interrupted (the page left, the filter changed): it may open again next time; finished, never.
      run.cancelled = true;
      if (!run.finished) done.delete(key);
    };
    // `roots` is read when the outline's top level first arrives; a refetch must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, key, client, source]);
}

async function openOutline(client: QueryClient, source: ApiSource, request: AutoOpenRequest, run: { cancelled: boolean }) {
  const { frameworkId } = request;
  await openLevels({
    ...request,
    open: () => new Set(expandedOf(frameworkId)),
    childrenOf: (id) => readState(client, source, id),
    load: async (ids) =>
      (await Promise.allSettled(ids.map((id) => client.fetchInfiniteQuery(childrenOptions(source, id))))).every(
        (r) => r.status === 'fulfilled',
      ),
    expand: (ids) => expandPath(frameworkId, ids),
    cancelled: () => run.cancelled,
  });
}
