import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useApiSource } from '../../lib/api-source';
import { formatBytes } from '../../lib/format-bytes';
import { removeSavedFramework } from '../../lib/saved-standards';
import { useShowsAttribution } from '../../lib/attribution-store';
import { startDownload, useDownload } from './download-manager';
import { DownloadProgressBar } from './download-progress-bar';
import { NewerDataNotice } from './newer-data-notice';
import { savedFrameworksOptions, savedQueryKeys } from '../../api/saved';
import type { SavedFrameworkMeta } from '../../lib/saved-standards';
import { dangerButton, outlineButton } from '../../components/ui/classes';

/** Every framework saved on this device, with size, item count, dates, refresh and remove. */
export function SavedFrameworksList() {
  const source = useApiSource();
  const query = useQuery(savedFrameworksOptions(source));
  const saved = query.data ?? [];
  useShowsAttribution(saved.map((m) => m.framework.attributionStatement));
  if (query.isPending) return <p className="text-sm text-slate-600">Looking for saved frameworks…</p>;
  if (saved.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-slate-600 dark:text-slate-400">
        Nothing is saved on this device yet. Open a framework and choose <strong>Make available offline</strong>.
      </p>
    );
  }
  return (
    <ul aria-label="Saved frameworks" className="space-y-3">
      {saved.map((meta) => (
        <SavedRow key={meta.framework.caseIdentifierUUID} meta={meta} />
      ))}
    </ul>
  );
}

function SavedRow({ meta }: { meta: SavedFrameworkMeta }) {
  const source = useApiSource();
  const client = useQueryClient();
  const job = useDownload(source, meta.framework.caseIdentifierUUID);
  const [confirming, setConfirming] = useState(false);
  const refresh = () =>
    startDownload(source, meta.framework, () => void client.invalidateQueries({ queryKey: savedQueryKeys.all(source) }));
  const remove = async () => {
    await removeSavedFramework(source.baseUrl, meta.framework.caseIdentifierUUID);
    await client.invalidateQueries({ queryKey: savedQueryKeys.all(source) });
  };
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <Link
        to="/frameworks/$frameworkId"
        params={{ frameworkId: meta.framework.caseIdentifierUUID }}
        className="font-medium text-blue-800 hover:underline dark:text-blue-300"
      >
        {meta.framework.name}
      </Link>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {meta.itemCount.toLocaleString('en-US')} items · {formatBytes(meta.bytes)} · saved {new Date(meta.savedAt).toLocaleString()}
        {meta.dataAsOf && ` · data as of ${meta.dataAsOf}`}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {job?.status === 'running' ? (
          <>
            <DownloadProgressBar progress={job.progress} />
            <button type="button" className={outlineButton} onClick={job.cancel}>
              Cancel
            </button>
          </>
        ) : confirming ? (
          <>
            <span className="text-sm">Remove the saved copy of this framework from this device?</span>
            <button type="button" className={dangerButton} onClick={() => void remove()}>
              Remove
            </button>
            <button type="button" className={outlineButton} onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <>
            <button type="button" className={outlineButton} onClick={refresh}>
              Refresh
            </button>
            <button type="button" className={outlineButton} onClick={() => setConfirming(true)}>
              Remove…
            </button>
            <NewerDataNotice meta={meta} onRefresh={refresh} />
          </>
        )}
        {job?.status === 'failed' && <p className="w-full text-sm text-red-700 dark:text-red-300">{job.message}</p>}
      </div>
    </li>
  );
}
