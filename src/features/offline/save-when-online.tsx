/**
 * Saves, as soon as the network is back, the frameworks a person asked for while offline
 * (see save-requests), and says so with a link to follow the saving.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { frameworksOptions } from '../../api/frameworks';
import { savedQueryKeys } from '../../api/saved';
import { useApiSource } from '../../lib/api-source';
import { useOnline } from '../../lib/online';
import { saveRequests, useSaveRequests } from '../../lib/save-requests';

export function SaveWhenOnline() {
  const online = useOnline();
  const asked = useSaveRequests();
  const source = useApiSource();
  const client = useQueryClient();
  const [started, setStarted] = useState<string[]>([]);
  useEffect(() => {
    if (!online || !asked.length) return;
    const ids = saveRequests.take();
    void (async () => {
      const list = await client.fetchInfiniteQuery(frameworksOptions(source)).catch(() => undefined);
      // Loaded only when there is something to save: the saving code is not part of every page's first load.
      const { startDownload } = await import('./download-manager');
      const frameworks = list?.pages.flatMap((p) => p.data).filter((f) => ids.includes(f.caseIdentifierUUID)) ?? [];
      for (const f of frameworks) startDownload(source, f, () => void client.invalidateQueries({ queryKey: savedQueryKeys.all(source) }));
      setStarted(frameworks.map((f) => f.name ?? f.caseIdentifierUUID));
    })();
  }, [online, asked, source, client]);
  if (!started.length) return null;
  return (
    <p role="status" className="rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm dark:border-blue-900 dark:bg-blue-950">
      The network is back: saving {started.join(' and ')} for offline use, as you asked.{' '}
      <Link to="/offline" className="text-blue-700 underline dark:text-blue-300">
        See Saved offline
      </Link>
      <button type="button" className="ml-2 text-slate-600 underline dark:text-slate-400" onClick={() => setStarted([])}>
        Dismiss
      </button>
    </p>
  );
}
