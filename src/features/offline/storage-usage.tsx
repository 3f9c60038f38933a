import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBytes } from '../../lib/format-bytes';
import { storageEstimateOptions } from '../../api/saved';

/** What this site stores against what the browser allows, and a request to keep it. */
export function StorageUsage() {
  const [asked, setAsked] = useState<boolean | null>(null);
  const estimate = useQuery(storageEstimateOptions());
  const data = estimate.data;
  if (!data || data.usage === null || data.quota === null)
    return <p className="text-sm text-slate-600 dark:text-slate-400">This browser does not report storage use.</p>;
  const persisted = asked ?? data.persisted;
  return (
    <div className="space-y-2 text-sm">
      <p>
        Using {formatBytes(data.usage)} of {formatBytes(data.quota)} available to this site.
      </p>
      <div className="h-2 max-w-md overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800" aria-hidden>
        <div className="h-full bg-slate-700 dark:bg-slate-300" style={{ width: `${Math.min(100, (data.usage / data.quota) * 100)}%` }} />
      </div>
      {persisted ? (
        <p className="text-slate-600 dark:text-slate-400">The browser will keep saved frameworks when it needs space.</p>
      ) : (
        <p className="flex flex-wrap items-center gap-2 text-slate-600 dark:text-slate-400">
          The browser may clear saved data when space runs low.
          <button
            type="button"
            className="text-blue-700 underline dark:text-blue-400"
            onClick={() => void navigator.storage?.persist?.().then(setAsked)}
          >
            Ask to keep it
          </button>
          {asked === false && <span>The browser declined; it usually agrees once the app is installed or used often.</span>}
        </p>
      )}
    </div>
  );
}
