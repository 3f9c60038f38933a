import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCommonCoreOf } from '../../api/frameworks';
import { useOnline } from '../../lib/online';
import { NotSaved } from '../../components/not-saved';
import { Link } from '@tanstack/react-router';
import type { Framework } from '../../../contract/schemas';
import { useApiSource } from '../../lib/api-source';
import { formatBytes } from '../../lib/format-bytes';
import { startDownload, useDownload } from './download-manager';
import { savedFrameworkOptions, savedQueryKeys } from '../../api/saved';
import { DownloadProgressBar } from './download-progress-bar';
import { NewerDataNotice } from './newer-data-notice';
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
  const refreshSaved = () => void client.invalidateQueries({ queryKey: savedQueryKeys.all(source) });
  const companion = useCompanion(framework);
  const online = useOnline();
  const startCompanion = () => companion && startDownload(source, companion.framework, refreshSaved);
  const start = () =>
    startDownload(source, framework, (status) => {
      refreshSaved();
      // Its crosswalks and progressions lead into Common Core: saved after it (not beside it, which
      // would slow its own save), so they work offline too.
      if (status === 'done' && companion && !companion.saved) startCompanion();
    });
  const meta = saved.data?.meta;
  const pending = saved.data?.pending;

  if (job?.status === 'running') {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 dark:border-blue-900 dark:bg-blue-950/40">
        <DownloadProgressBar progress={job.progress} />
        <button type="button" className={outlineButton} onClick={job.cancel}>
          Cancel
        </button>
        {companion?.running && (
          <span className="w-full text-sm">Saving {companion.framework.name} with it, for its crosswalks and progressions.</span>
        )}
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
          <NewerDataNotice meta={meta} onRefresh={start} />
          <Link to="/offline" className="text-blue-700 hover:underline dark:text-blue-400">
            Manage saved frameworks
          </Link>
          {companion && !companion.saved && !companion.running && (
            <span className="flex w-full flex-wrap items-center gap-2 text-slate-700 dark:text-slate-300">
              Its crosswalks and progressions lead into {companion.framework.name}, which is not saved on this device.
              {online ? (
                <button type="button" className={outlineButton} onClick={startCompanion}>
                  Save {companion.framework.name} too
                </button>
              ) : (
                <NotSaved frameworkId={companion.framework.caseIdentifierUUID} name={companion.framework.name} />
              )}
            </span>
          )}
          {companion?.running && <span className="w-full">Saving {companion.framework.name} too…</span>}
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
        <>
          <button type="button" className={outlineButton} onClick={start} disabled={saved.isPending}>
            Make available offline
          </button>
          {companion && !companion.saved && (
            <span className="text-slate-600 dark:text-slate-400">
              Saves {companion.framework.name} with it: its crosswalks and progressions lead there.
            </span>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The framework a state framework's connections lead into (Common Core of its subject),
 * whether it is saved, and whether it is saving now; undefined for Common Core itself or
 * where the service lists none.
 */
function useCompanion(framework: Framework) {
  const source = useApiSource();
  const core = useCommonCoreOf(source, framework);
  const saved = useQuery({ ...savedFrameworkOptions(source, core?.caseIdentifierUUID ?? ''), enabled: !!core });
  const job = useDownload(source, core?.caseIdentifierUUID ?? '');
  if (!core || !saved.data) return undefined;
  return { framework: core, saved: !!saved.data.meta, running: job?.status === 'running' };
}
