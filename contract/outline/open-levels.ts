/**
 * Opening the outline for the reader: a filter that narrows the outline (grade 4) opens it
 * down to the standards it kept, level by level, as long as the opened outline stays short
 * enough to read (ROW_LIMIT rows); an embedding host may ask for a depth instead (`expand=3`).
 * The browser runs it against its query cache; the server runs it against its store to draw
 * the first screen of a framework page into its HTML, so both open the same rows.
 */
import type { StandardsItem } from '../schemas';
import type { ChildrenState } from './children-state';
import { flattenTree, type ItemRow } from './flatten-tree';
import type { ItemFilters } from './item-filters';

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

export interface OpenLevelsRequest {
  roots: StandardsItem[];
  filters: ItemFilters;
  /** Open every branch down to this level (the embed's `expand=`); otherwise the filters decide. */
  depth?: number;
  /** What is open now (read again before each level: the reader may have opened more). */
  open: () => ReadonlySet<string>;
  /** A node's children as far as they are known (pending until loaded). */
  childrenOf: (id: string) => ChildrenState;
  /** Loads these nodes' children; false when any failed (the opening stops there). */
  load: (ids: string[]) => Promise<boolean> | boolean;
  /** Opens these nodes. */
  expand: (ids: string[]) => void;
  /** The page left or the filter changed: stop between levels. */
  cancelled?: () => boolean;
}

export async function openLevels({ roots, filters, depth, open, childrenOf, load, expand, cancelled }: OpenLevelsRequest) {
  // The item rows the outline would show with these nodes open (a node whose children are not
  // loaded shows a "Loading…" row, which is not counted).
  const rowsWith = (opened: ReadonlySet<string>) => {
    const children = new Map([...opened].map((id) => [id, childrenOf(id)] as const));
    return flattenTree({ roots, expanded: opened, children, filters }).rows.filter((r): r is ItemRow => r.kind === 'item');
  };
  for (let level = 1; level <= MAX_LEVELS; level++) {
    const now = open();
    const next = rowsWith(now).filter(
      (r) => r.expanded === false && (depth !== undefined ? r.level <= depth : r.item.normalizedStatementType !== 'Standard'),
    );
    if (next.length === 0) return;
    const ids = next.map((r) => r.item.caseIdentifierUUID);
    // Their children first, so the outline opens a level at a time, never onto "Loading…" rows.
    const loaded = await load(ids);
    if (cancelled?.() || !loaded) return;
    if (rowsWith(new Set([...now, ...ids])).length > (depth === undefined ? ROW_LIMIT : DEPTH_ROW_LIMIT)) return;
    expand(ids);
  }
}
