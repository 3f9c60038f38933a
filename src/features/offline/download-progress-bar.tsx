import { formatBytes } from '../../lib/format-bytes';
import type { DownloadProgress } from './download-framework';

/**
 * One measure of progress: the share of the save's requests done (items arrive long
 * before every level is saved, so an item count would read "done" at 1%). Before the
 * plan is known, the items listed so far.
 */
export function DownloadProgressBar({ progress }: { progress: DownloadProgress | null }) {
  const total = progress?.requestsTotal ?? null;
  const percent = total ? Math.round(((progress?.requestsDone ?? 0) / total) * 100) : null;
  const summary = !progress
    ? 'starting…'
    : progress.phase === 'app'
      ? 'the standards are saved; keeping the app itself on this device…'
      : percent === null
        ? `listing items (${progress.itemsDone.toLocaleString('en-US')} so far)`
        : `${percent}% of ${(progress.itemsTotal ?? progress.itemsDone).toLocaleString('en-US')} items and their levels`;
  return (
    <div className="flex min-w-64 flex-1 flex-col gap-1">
      <div
        role="progressbar"
        aria-label="Saving for offline use"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? 'Listing items…' : `${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-blue-100 dark:bg-blue-900"
      >
        <div
          className={`h-full rounded-full bg-blue-700 transition-[width] ${percent === null ? 'w-1/4 animate-pulse' : ''}`}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-slate-700 dark:text-slate-300" aria-live="polite">
        Saving for offline: {summary}
        {progress ? ` · ${formatBytes(progress.bytes)}` : ''}
        {progress?.retries ? ` · ${progress.retries} retried` : ''}
      </p>
    </div>
  );
}
