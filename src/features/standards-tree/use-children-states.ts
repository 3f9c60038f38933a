/**
 * The children of every expanded node, each its own infinite query keyed by parent.
 * One small loader component per expanded node holds its `useInfiniteQuery` (it fetches
 * or reuses the cache, keeps the query active so it is not collected while shown, and
 * refetches on reconnect); the tree reads all their states from the query cache in one
 * subscription, so a virtualized flat list can be computed in one pass.
 */
import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createElement, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { StandardsItem } from '../../../contract/schemas';
import { childrenOptions } from '../../api/standards';
import { ApiError, type ApiSource } from '../../lib/api-client';
import { sortSiblings } from '../../../contract/natural-sort';
import type { ChildrenState } from '../../../contract/outline/children-state';

type Sorted = Map<string, { at: number; items: StandardsItem[] }>;
type Handles = Map<string, { retry: () => void; loadMore: () => void }>;

/** One parent's children as the tree reads them from the cache: all pages it holds, in sibling order (sorted once per update). */
export function readState(client: QueryClient, source: ApiSource, id: string, sorted: Sorted = new Map()): ChildrenState {
  const state = client.getQueryState(childrenOptions(source, id).queryKey);
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

interface ChildrenLoaderProps {
  source: ApiSource;
  id: string;
  handles: Handles;
}

/** Renders nothing: it is the expanded node's query, alive while the node is open. */
function ChildrenLoader({ source, id, handles }: ChildrenLoaderProps) {
  const { refetch, fetchNextPage } = useInfiniteQuery(childrenOptions(source, id));
  useEffect(() => {
    handles.set(id, { retry: () => void refetch(), loadMore: () => void fetchNextPage() });
    return () => void handles.delete(id);
  }, [handles, id, refetch, fetchNextPage]);
  return null;
}

export function useChildrenStates(source: ApiSource, expandedIds: readonly string[]) {
  const client = useQueryClient();
  const [sorted] = useState<Sorted>(() => new Map());
  const [handles] = useState<Handles>(() => new Map());
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

  const loaders = useMemo(
    () => expandedIds.map((id) => createElement(ChildrenLoader, { key: `${source.baseUrl} ${id}`, source, id, handles })),
    [expandedIds, source, handles],
  );
  const actions = useMemo(
    () => ({
      retry: (id: string) => handles.get(id)?.retry(),
      loadMore: (id: string) => handles.get(id)?.loadMore(),
    }),
    [handles],
  );
  return { states, loaders, ...actions };
}
