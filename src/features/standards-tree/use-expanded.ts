/**
 * Which nodes are open, per framework. Kept out of the URL (links stay short) but in
 * session storage, so a reload or Back shows the tree as the user left it; a module
 * store so "Reveal in tree" can open a path from outside the tree.
 */
import { useCallback } from 'react';
import { readJson, writeStored } from '../../lib/safe-storage';
import { createStore, useStore } from '../../lib/store';

const asIds = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const keyFor = (frameworkId: string) => `standards-explorer.expanded.${frameworkId}`;
const EMPTY: string[] = [];
const open = createStore<ReadonlyMap<string, string[]>>(new Map());
// What the tab stored is read once per framework and kept, so every read returns the same array.
const fromSession = new Map<string, string[]>();

function read(all: ReadonlyMap<string, string[]>, frameworkId: string): string[] {
  const ids = all.get(frameworkId) ?? fromSession.get(frameworkId);
  if (ids) return ids;
  const stored = readJson('session', keyFor(frameworkId), asIds, EMPTY);
  fromSession.set(frameworkId, stored);
  return stored;
}

function update(frameworkId: string, change: (ids: string[]) => string[]) {
  const next = change(read(open.get(), frameworkId));
  writeStored('session', keyFor(frameworkId), JSON.stringify(next));
  open.update((all) => new Map(all).set(frameworkId, next));
}

/** What is open now, outside React (the outline's automatic opening reads it between levels). */
export const expandedOf = (frameworkId: string) => read(open.get(), frameworkId);

/** Opens every node on a path (e.g. an item's ancestors), keeping what was open. */
export function expandPath(frameworkId: string, ids: readonly string[]) {
  update(frameworkId, (open) => [...open, ...ids.filter((id) => !open.includes(id))]);
}

export function useExpanded(frameworkId: string) {
  const expandedIds = useStore(
    open,
    useCallback((all: ReadonlyMap<string, string[]>) => read(all, frameworkId), [frameworkId]),
  );
  const toggle = useCallback(
    (id: string) => update(frameworkId, (ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id])),
    [frameworkId],
  );
  const collapseAll = useCallback(() => update(frameworkId, () => []), [frameworkId]);
  return { expandedIds, toggle, collapseAll };
}
