import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { isPreparingData } from './preparing-data';

/**
 * While the server imports its data (first start, or a new export), requests answer 503
 * and are asked again every few seconds; meanwhile a notice at the top of the page says
 * why it is empty and that it fills in by itself. Mounted on the first such answer (by the
 * query client's retry), so no page carries it otherwise.
 */
export function showPreparingNotice(client: QueryClient) {
  const host = document.createElement('div');
  document.body.prepend(host);
  createRoot(host).render(<PreparingNotice client={client} />);
}

function PreparingNotice({ client }: { client: QueryClient }) {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const cache = client.getQueryCache();
    const check = () => {
      const waiting = cache.getAll().find((q) => q.state.fetchStatus === 'fetching' && isPreparingData(q.state.fetchFailureReason));
      const percent = waiting && /(\d+) %/.exec((waiting.state.fetchFailureReason as Error).message)?.[1];
      setMessage(waiting ? `Preparing the standards data${percent ? ` (${percent} % imported)` : ''}…` : null);
    };
    check();
    return cache.subscribe(check);
  }, [client]);
  if (!message) return null;
  return (
    <div
      role="status"
      className="mx-3 my-3 max-w-3xl rounded-lg border border-amber-300 sm:mx-auto bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">{message}</p>
      <p>The server is importing the standards. This page fills in by itself when they are ready.</p>
    </div>
  );
}
