/**
 * Which nodes are open, per framework. Kept out of the URL (links stay short) but in
 * session storage, so a reload or Back shows the tree as the user left it; a module
 * store so "Reveal in tree" can open a path from outside the tree.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { readJson, writeStored } from '../../lib/safe-storage';

const asIds = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const keyFor = (frameworkId: string) => `standards-explorer.expanded.${frameworkId}`;
const state = new Map<string, string[]>();
const listeners = new Set<() => void>();
const EMPTY: string[] = [];

function read(frameworkId: string): string[] {
  let ids = state.get(frameworkId);
  if (!ids) {
    ids = readJson('session', keyFor(frameworkId), asIds, EMPTY);
    state.set(frameworkId, ids);
  }
  return ids;
}

function update(frameworkId: string, change: (ids: string[]) => string[]) {
  const next = change(read(frameworkId));
  state.set(frameworkId, next);
  writeStored('session', keyFor(frameworkId), JSON.stringify(next));
  for (const l of listeners) l();
}

/** Opens every node on a path (e.g. an item's ancestors), keeping what was open. */
export function expandPath(frameworkId: string, ids: readonly string[]) {
  update(frameworkId, (open) => [...open, ...ids.filter((id) => !open.includes(id))]);
}

export function useExpanded(frameworkId: string) {
  const expandedIds = useSyncExternalStore(
    useCallback((l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    }, []),
    () => read(frameworkId),
  );
  const toggle = useCallback(
    (id: string) => update(frameworkId, (ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id])),
    [frameworkId],
  );
  const collapseAll = useCallback(() => update(frameworkId, () => []), [frameworkId]);
  return { expandedIds, toggle, collapseAll };
}
