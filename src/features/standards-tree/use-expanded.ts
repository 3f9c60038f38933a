/**
 * Which nodes are open in one framework. Kept out of the URL (links stay short) but in
 * session storage, so a reload or Back shows the tree as the user left it.
 * The page remounts per framework, so the id never changes under this hook.
 */
import { useCallback, useState } from 'react';
import { readJson, writeStored } from '../../lib/safe-storage';

const asIds = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function useExpanded(frameworkId: string) {
  const storageKey = `standards-explorer.expanded.${frameworkId}`;
  const [expandedIds, setExpandedIds] = useState(() => readJson('session', storageKey, asIds, []));

  const update = useCallback(
    (change: (ids: string[]) => string[]) =>
      setExpandedIds((prev) => {
        const next = change(prev);
        writeStored('session', storageKey, JSON.stringify(next));
        return next;
      }),
    [storageKey],
  );

  const toggle = useCallback((id: string) => update((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id])), [update]);
  const collapseAll = useCallback(() => update(() => []), [update]);
  return { expandedIds, toggle, collapseAll };
}
