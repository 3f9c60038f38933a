/**
 * A saved framework whose data changed on the service since it was saved says so, with
 * the one action that brings the saved copy up to date; an unchanged one says nothing.
 */
import { useNewerOnService } from '../../api/saved';
import { outlineButton } from '../../components/ui/classes';
import { useApiSource } from '../../lib/api-source';
import type { SavedFrameworkMeta } from '../../lib/saved-standards';

/** "today", "yesterday", "12 days ago". */
export function savedAgo(savedAt: string, now = Date.now()): string {
  const days = Math.floor((now - new Date(savedAt).getTime()) / 86_400_000);
  return days <= 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}

export function NewerDataNotice({ meta, onRefresh }: { meta: SavedFrameworkMeta; onRefresh: () => void }) {
  const source = useApiSource();
  if (!useNewerOnService(source, meta.framework)) return null;
  return (
    <span
      role="status"
      className="flex w-full flex-wrap items-center gap-2 rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
    >
      <strong>Newer data available</strong> — saved {savedAgo(meta.savedAt)}; the service has corrected or added data since.
      <button type="button" className={outlineButton} onClick={onRefresh}>
        Refresh the saved copy
      </button>
    </span>
  );
}
