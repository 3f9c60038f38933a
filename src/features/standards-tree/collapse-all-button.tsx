import { useExpanded } from './use-expanded';

/** Folds every open branch of the framework's outline; nothing when none is open. */
export function CollapseAllButton({ frameworkId }: { frameworkId: string }) {
  const { expandedIds, collapseAll } = useExpanded(frameworkId);
  if (expandedIds.length === 0) return null;
  return (
    <button type="button" onClick={collapseAll} className="h-8 shrink-0 text-sm text-blue-700 hover:underline dark:text-blue-400">
      Collapse all
    </button>
  );
}
