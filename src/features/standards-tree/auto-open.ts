/**
 * Opening the outline for the teacher. A filter that narrows the outline (grade 4) opens
 * it down to the standards it kept, level by level, as long as the opened outline stays
 * short enough to read (ROW_LIMIT rows); an embedding host may ask for a depth instead
 * (`expand=3`). Each filter opens the outline once per tab, so a branch the teacher
 * closes stays closed.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StandardsItem } from '../../../contract/schemas';
import { childrenOptions } from '../../api/standards';
import type { ApiSource } from '../../lib/api-client';
import { useApiSource } from '../../lib/api-source';
import { isFiltering, type ItemFilters } from '../../lib/item-filters';
import { flattenTree } from './flatten-tree';
import type { ItemRow } from './row-behaviour';
import { readState } from './use-children-states';
import { expandPath, expandedOf } from './use-expanded';

/**
 * The most rows a filter opens the outline to: a grade of a state's math framework
 * (grade, domains, clusters, standards: 50–90 rows) fits; a filter that keeps hundreds
 * of standards opens only the levels that fit.
 */
export const ROW_LIMIT = 120;
/** A host's depth opens every branch to it, within a bound that keeps the requests few. */
const DEPTH_ROW_LIMIT = 1000;
/** The deepest the outline opens by itself (real frameworks nest 4–6 levels). */
const MAX_LEVELS = 8;

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
  const { frameworkId, roots, filters, depth } = request;
  // The item rows the outline would show with these nodes open, from what the cache holds
  // (a node whose children are not loaded shows a "Loading…" row, which is not counted).
  const rowsWith = (open: Set<string>) => {
    const children = new Map([...open].map((id) => [id, readState(client, source, id)] as const));
    return flattenTree({ roots, expanded: open, children, filters }).rows.filter((r): r is ItemRow => r.kind === 'item');
  };
  for (let level = 1; level <= MAX_LEVELS; level++) {
    const open = new Set(expandedOf(frameworkId));
    const next = rowsWith(open).filter(
      (r) => r.expanded === false && (depth !== undefined ? r.level <= depth : r.item.normalizedStatementType !== 'Standard'),
    );
    if (next.length === 0) return;
    const ids = next.map((r) => r.item.caseIdentifierUUID);
    // Their children first, so the outline opens a level at a time, never onto "Loading…" rows.
    const loaded = await Promise.allSettled(ids.map((id) => client.fetchInfiniteQuery(childrenOptions(source, id))));
    if (run.cancelled || loaded.some((r) => r.status === 'rejected')) return;
    const opened = new Set([...open, ...ids]);
    if (rowsWith(opened).length > (depth === undefined ? ROW_LIMIT : DEPTH_ROW_LIMIT)) return;
    expandPath(frameworkId, ids);
  }
}
