import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { frameworksOptions } from '../api/frameworks';
import { itemOptions } from '../api/standards';
import { useBasket } from '../features/basket/basket-store';
import type { ExportEntry } from '../features/export/export-entries';
import { loadBranch } from '../features/export/load-branch';
import { PrintView } from '../features/print/print-view';
import { fallback } from '../features/standards-tree/browse-search';
import { useApiSource } from '../lib/api-source';
import { UUID_PATTERN } from '../lib/uuid';

export const Route = createFileRoute('/print')({
  validateSearch: z.object({
    branch: fallback(z.string().check(z.regex(UUID_PATTERN))),
    framework: fallback(z.string().check(z.regex(UUID_PATTERN))),
  }),
  component: PrintPage,
});

function PrintPage() {
  const { branch, framework } = Route.useSearch();
  return branch ? <PrintBranch id={branch} frameworkId={framework} /> : <PrintBasket />;
}

function PrintBasket() {
  const entries = useBasket();
  return (
    <PrintView
      title="Selected standards"
      subtitle={`${entries.length} standards · printed ${new Date().toLocaleDateString()}`}
      entries={entries}
      layout="basket"
      status={entries.length ? undefined : 'The basket is empty.'}
    />
  );
}

function PrintBranch({ id, frameworkId }: { id: string; frameworkId?: string }) {
  const source = useApiSource();
  const client = useQueryClient();
  const root = useQuery(itemOptions(source, id));
  const frameworks = useInfiniteQuery(frameworksOptions(source));
  const name = frameworks.data?.pages.flatMap((p) => p.data).find((f) => f.caseIdentifierUUID === frameworkId)?.name ?? null;
  const [entries, setEntries] = useState<ExportEntry[]>([]);
  const [status, setStatus] = useState('Collecting…');

  useEffect(() => {
    if (!root.data) return;
    const abort = new AbortController();
    void (async () => {
      try {
        const all = await loadBranch(
          client,
          source,
          root.data,
          { caseIdentifierUUID: frameworkId ?? '', name },
          (n) => setStatus(`Collecting… ${n} items`),
          abort.signal,
        );
        setEntries(all);
        setStatus('');
      } catch (e) {
        if (!abort.signal.aborted) setStatus(`Could not collect this branch: ${(e as Error).message}`);
      }
    })();
    return () => abort.abort();
  }, [root.data, client, source, id, frameworkId, name]);

  const title = root.data
    ? [root.data.statementCode, root.data.statementCode ? null : root.data.description].filter(Boolean).join(' ') || 'Standards'
    : 'Standards';
  return (
    <PrintView
      title={title}
      subtitle={[name, `printed ${new Date().toLocaleDateString()}`].filter(Boolean).join(' · ')}
      entries={entries}
      layout="branch"
      status={root.isError ? (root.error as Error).message : status || undefined}
    />
  );
}
