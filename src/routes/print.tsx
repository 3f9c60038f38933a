import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { useFramework } from '../api/frameworks';
import { itemOptions } from '../api/standards';
import { useCurrentSet } from '../lib/sets-store';
import { describeLinkReading } from '../lib/link-reading';
import { readSetLink } from '../lib/set-link';
import { setValueOf } from '../lib/set-link-value';
import { sharedSetOptions } from '../api/set-entries';
import type { ExportEntry } from '../lib/export-entries';
import { loadBranch } from '../api/load-branch';
import { PrintView } from '../features/print/print-view';
import { fallback } from '../lib/browse-params';
import { useApiSource } from '../lib/api-source';
import { UUID_PATTERN } from '../../contract/uuid';
import { describeError } from '../lib/describe-error';
import { isNotSavedError } from '../lib/api-client';
import { notSavedAdvice } from '../lib/not-saved-words';
import { describeSet, unreadCount } from '../lib/set-count';
import { formatGrades } from '../lib/format';
import { withEntrySkills } from '../api/entry-skills';

export const Route = createFileRoute('/print')({
  // Kept as given and checked by the page: a bad branch must say so, not print the set.
  validateSearch: z.object({
    branch: fallback(z.string()),
    framework: fallback(z.string()),
    // `current`: the set being edited (the default). A shared set rides in the fragment (`#set=…`).
    set: fallback(z.literal('current')),
  }),
  component: PrintPage,
});

function PrintPage() {
  const { branch, framework } = Route.useSearch();
  const hash = useRouterState({ select: (s) => s.location.hash });
  const shared = setValueOf(`#${hash}`);
  if (branch === undefined) return shared === null ? <PrintCurrentSet /> : <PrintSharedSet value={shared} />;
  if (!UUID_PATTERN.test(branch))
    return (
      <PrintView
        title="Nothing to print"
        entries={[]}
        layout="branch"
        error="This print link is broken: it does not hold a valid standard ID. Open the standard again and use its Print button."
      />
    );
  return <PrintBranch id={branch.toLowerCase()} frameworkId={framework && UUID_PATTERN.test(framework) ? framework : undefined} />;
}

/** The entries with their skills once loaded (each standard's skills print under it); the entries as they are until then. */
function useWithSkills(entries: ExportEntry[]) {
  const source = useApiSource();
  const client = useQueryClient();
  const [loaded, setLoaded] = useState<{ for: ExportEntry[]; entries: ExportEntry[] } | null>(null);
  useEffect(() => {
    if (!entries.length) return;
    const abort = new AbortController();
    // A failed load prints the standards without their skills rather than nothing.
    void withEntrySkills(client, source, entries, abort.signal).then(
      (r) => !abort.signal.aborted && setLoaded({ for: entries, entries: r.entries }),
      () => !abort.signal.aborted && setLoaded({ for: entries, entries }),
    );
    return () => abort.abort();
  }, [client, source, entries]);
  const ready = loaded?.for === entries;
  return { entries: ready ? loaded.entries : entries, loading: entries.length > 0 && !ready };
}

function PrintSet({
  name,
  note,
  entries: setEntries,
  status,
  error,
}: {
  name: string;
  note?: string;
  entries: ExportEntry[];
  status?: string;
  error?: string;
}) {
  const { entries, loading } = useWithSkills(setEntries);
  useEffect(() => {
    document.title = `${name} — Standards Explorer`;
  }, [name]);
  return (
    <PrintView
      title={name}
      subtitle={[note, `${describeSet(entries)} · printed ${new Date().toLocaleDateString()}`].filter(Boolean).join(' · ')}
      entries={entries}
      layout="set"
      error={error}
      status={status ?? (entries.length ? (loading ? 'Collecting skills…' : undefined) : error ? undefined : `“${name}” is empty.`)}
    />
  );
}

function PrintCurrentSet() {
  const set = useCurrentSet();
  return <PrintSet name={set.name} note={set.note} entries={set.entries} />;
}

/** A shared set prints from its link, as the shared view shows it. */
function PrintSharedSet({ value }: { value: string }) {
  const source = useApiSource();
  const client = useQueryClient();
  const link = readSetLink(value);
  const shared = 'set' in link ? link.set : null;
  const problem = 'error' in link ? link.error : undefined;
  const resolved = useQuery({ ...sharedSetOptions(client, source, shared?.ids ?? []), enabled: !!shared });
  // The link's size and what of it the data holds, in one sentence (as the shared view says it).
  const missing = resolved.data?.missing.length
    ? describeLinkReading({ total: shared?.ids.length ?? 0, read: resolved.data.entries, missing: resolved.data.missing.length, failed: 0 })
    : undefined;
  // Part of a set is not printed: the page says what could not be read and how to read it.
  const failed = resolved.data?.failed.length
    ? `${unreadCount(resolved.data.failed.length)} of the link could not be read, so nothing is printed. ${
        isNotSavedError(resolved.data.error)
          ? notSavedAdvice(shared?.frameworks?.map((f) => f.name) ?? [], 'open the print again')
          : `${describeError(resolved.data.error, 'standards').title} ${describeError(resolved.data.error, 'standards').hint}`
      }`
    : undefined;
  return (
    <PrintSet
      name={shared?.name ?? 'Shared set'}
      note={shared?.note}
      entries={failed ? NO_ENTRIES : (resolved.data?.entries ?? NO_ENTRIES)}
      error={problem ?? failed ?? missing ?? (resolved.isError ? describeError(resolved.error, 'standards').title : undefined)}
      status={shared && resolved.isPending ? 'Collecting…' : undefined}
    />
  );
}
const NO_ENTRIES: ExportEntry[] = [];

function PrintBranch({ id, frameworkId }: { id: string; frameworkId?: string }) {
  const source = useApiSource();
  const client = useQueryClient();
  const root = useQuery(itemOptions(source, id));
  const name = useFramework(source, frameworkId).framework?.name ?? null;
  const [branchEntries, setEntries] = useState<ExportEntry[]>([]);
  const [status, setStatus] = useState('Collecting…');
  const { entries, loading } = useWithSkills(branchEntries);

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
        if (!abort.signal.aborted) setStatus(`Could not collect this branch. ${describeError(e).title}`);
      }
    })();
    return () => abort.abort();
  }, [root.data, client, source, id, frameworkId, name]);

  // A code-less root (a domain) is named by its text and grades: "Fractions, Grade 3".
  const title = root.data
    ? (root.data.statementCode ?? ([root.data.description, formatGrades(root.data.gradeLevel)].filter(Boolean).join(', ') || 'Standards'))
    : 'Standards';
  return (
    <PrintView
      title={title}
      subtitle={[name, `printed ${new Date().toLocaleDateString()}`].filter(Boolean).join(' · ')}
      entries={entries}
      layout="branch"
      status={root.isError ? undefined : status || (loading ? 'Collecting skills…' : undefined)}
      error={root.isError ? `${describeError(root.error).title} ${describeError(root.error).hint}` : undefined}
    />
  );
}
