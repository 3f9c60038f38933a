import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Framework } from '../../../contract/schemas';
import { useApiSource } from '../../lib/api-source';
import { formatBytes } from '../../lib/format-bytes';
import { startDownload, useDownload } from './download-manager';
import { savedFrameworkOptions, savedQueryKeys } from '../../api/saved';
import { DownloadProgressBar } from './download-progress-bar';
import { CheckIcon } from '../../components/ui/icons';
import { outlineButton } from '../../components/ui/classes';

export interface SaveOfflinePanelProps {
  framework: Framework;
}

/** "Make available offline" for one framework, with progress, cancel, resume and refresh. */
export function SaveOfflinePanel({ framework }: SaveOfflinePanelProps) {
  const source = useApiSource();
  const client = useQueryClient();
  const job = useDownload(source, framework.caseIdentifierUUID);
  const saved = useQuery(savedFrameworkOptions(source, framework.caseIdentifierUUID));
  const start = () => startDownload(source, framework, () => void client.invalidateQueries({ queryKey: savedQueryKeys.all(source) }));
  const meta = saved.data?.meta;
  const pending = saved.data?.pending;

  if (job?.status === 'running') {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 dark:border-blue-900 dark:bg-blue-950/40">
        <DownloadProgressBar progress={job.progress} />
        <button type="button" className={outlineButton} onClick={job.cancel}>
          Cancel
        </button>
      </div>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm" role="status">
      {job?.status === 'failed' && <p className="w-full text-red-700 dark:text-red-300">{job.message}</p>}
      {job?.status === 'cancelled' && (
        <p className="w-full text-slate-600 dark:text-slate-400">Saving cancelled. What was saved so far is kept.</p>
      )}
      {meta ? (
        <>
          <span className="inline-flex items-center gap-1.5 font-medium text-emerald-800 dark:text-emerald-300">
            <CheckIcon className="h-4 w-4" />
            Available offline
          </span>
          <span className="text-slate-600 dark:text-slate-400">
            {meta.itemCount.toLocaleString('en-US')} items · {formatBytes(meta.bytes)} · saved {new Date(meta.savedAt).toLocaleDateString()}
            {meta.dataAsOf && ` · data as of ${meta.dataAsOf}`}
          </span>
          <button type="button" className={outlineButton} onClick={start}>
            Refresh
          </button>
          <Link to="/offline" className="text-blue-700 hover:underline dark:text-blue-400">
            Manage saved frameworks
          </Link>
        </>
      ) : pending ? (
        <>
          <span className="text-slate-700 dark:text-slate-300">
            Saving stopped after {pending.itemsDone.toLocaleString('en-US')} items.
          </span>
          <button type="button" className={outlineButton} onClick={start}>
            Resume saving
          </button>
        </>
      ) : (
        <button type="button" className={outlineButton} onClick={start} disabled={saved.isPending}>
          Make available offline
        </button>
      )}
    </div>
  );
}
