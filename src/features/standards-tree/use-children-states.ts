/**
 * The children of every expanded node, each its own infinite query keyed by parent.
 * The tree reads their states straight from the query cache (one subscription for
 * all of them) so a virtualized flat list can be computed in one pass.
 */
import { InfiniteQueryObserver, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Page, StandardsItem } from '../../../contract/schemas';
import { childrenOptions } from '../../api/standards';
import { ApiError, type ApiSource } from '../../lib/api-client';
import { sortSiblings } from '../../../contract/natural-sort';
import type { ChildrenState } from './children-state';

type ChildrenData = InfiniteData<Page<StandardsItem>, string | null>;

function readState(
  client: QueryClient,
  source: ApiSource,
  id: string,
  sorted: Map<string, { at: number; items: StandardsItem[] }>,
): ChildrenState {
  const options = childrenOptions(source, id);
  const state = client.getQueryState<ChildrenData>(options.queryKey);
  if (!state || (state.status === 'pending' && state.fetchStatus !== 'paused')) return { status: 'pending' };
  if (state.status === 'pending') return { status: 'offline' };
  if (state.status === 'error') {
    return state.error instanceof ApiError && state.error.error === 'NotAvailableOffline'
      ? { status: 'offline' }
      : { status: 'error', error: state.error };
  }
  const pages = state.data?.pages ?? [];
  let memo = sorted.get(id);
  if (!memo || memo.at !== state.dataUpdatedAt) {
    // Natural order needs all siblings at hand: sort across every loaded page.
    memo = { at: state.dataUpdatedAt, items: sortSiblings(pages.flatMap((p) => p.data)) };
    sorted.set(id, memo);
  }
  const hasMore = pages.at(-1)?.pagination.hasMore ?? false;
  return { status: 'success', items: memo.items, hasMore, loadingMore: hasMore && state.fetchStatus === 'fetching' };
}

export function useChildrenStates(source: ApiSource, expandedIds: readonly string[]) {
  const client = useQueryClient();
  const [sorted] = useState(() => new Map<string, { at: number; items: StandardsItem[] }>());
  const snapshot = useRef<{ key: string; states: Map<string, ChildrenState> } | null>(null);

  const getSnapshot = useCallback(() => {
    const states = new Map(expandedIds.map((id) => [id, readState(client, source, id, sorted)] as const));
    const key = [...states]
      .map(
        ([id, s]) =>
          `${id}:${s.status}:${s.status === 'success' ? `${s.items.length}:${s.hasMore}:${s.loadingMore}:${sorted.get(id)?.at}` : ''}`,
      )
      .join('|');
    if (snapshot.current?.key !== key) snapshot.current = { key, states };
    return snapshot.current.states;
  }, [client, source, expandedIds, sorted]);

  const states = useSyncExternalStore(
    useCallback((onChange) => client.getQueryCache().subscribe(onChange), [client]),
    getSnapshot,
  );

  // One observer per expanded node: it fetches (or reuses the cache), keeps the query
  // active so it is not garbage-collected while shown, and refetches on reconnect.
  const [observers] = useState(() => new Map<string, { observer: InfiniteQueryObserver<ChildrenData>; unsubscribe: () => void }>());
  useEffect(() => {
    const wanted = new Set(expandedIds.map((id) => `${source.baseUrl} ${id}`));
    for (const [key, entry] of observers) {
      if (!wanted.has(key)) {
        entry.unsubscribe();
        observers.delete(key);
      }
    }
    for (const id of expandedIds) {
      const key = `${source.baseUrl} ${id}`;
      if (observers.has(key)) continue;
      const observer = new InfiniteQueryObserver(client, childrenOptions(source, id)) as unknown as InfiniteQueryObserver<ChildrenData>;
      observers.set(key, { observer, unsubscribe: observer.subscribe(() => {}) });
    }
  }, [client, source, expandedIds, observers]);
  useEffect(
    () => () => {
      for (const entry of observers.values()) entry.unsubscribe();
      observers.clear();
    },
    [observers],
  );

  const actions = useMemo(
    () => ({
      retry: (id: string) => void observers.get(`${source.baseUrl} ${id}`)?.observer.refetch(),
      loadMore: (id: string) => void observers.get(`${source.baseUrl} ${id}`)?.observer.fetchNextPage(),
    }),
    [source, observers],
  );
  return { states, ...actions };
}
