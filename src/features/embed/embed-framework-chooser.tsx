import { useInfiniteQuery } from '@tanstack/react-query';
import { frameworksOptions } from '../../api/frameworks';
import { useApiSource } from '../../lib/api-source';
import { ErrorMessage } from '../../components/ui/error-message';
import { SkeletonRows } from '../../components/ui/skeleton-rows';
import { AttributionFooter } from '../../components/attribution-footer';
import { useCallback, useEffect, useRef } from 'react';
import { openHostChannel, type HostChannel } from './host-channel';
import { useReportHeight } from './use-report-height';

export interface EmbedFrameworkChooserProps {
  /** From the embed address: only this jurisdiction's / subject's frameworks. */
  jurisdiction?: string;
  subject?: string;
  /** Host origins: the chooser already tells the host its height, so the frame fits it. */
  origins: string[];
  onChoose: (frameworkId: string) => void;
}

/**
 * `/embed` without a framework: the teacher chooses one here, so an LMS admin needs no
 * UUID. The host may narrow the list with `jurisdiction=` and `subject=`.
 */
export function EmbedFrameworkChooser({ jurisdiction, subject, origins, onChoose }: EmbedFrameworkChooserProps) {
  const source = useApiSource();
  const channel = useRef<HostChannel | null>(null);
  useEffect(() => {
    const opened = openHostChannel(origins, () => {});
    channel.current = opened;
    return () => opened.close();
  }, [origins]);
  useReportHeight(useCallback((height: number) => channel.current?.send({ type: 'resize', height }), []));
  const query = useInfiniteQuery(frameworksOptions(source));
  const all = query.data?.pages.flatMap((p) => p.data) ?? [];
  const shown = all
    .filter((f) => !jurisdiction || f.jurisdiction?.toLowerCase() === jurisdiction.toLowerCase())
    .filter((f) => !subject || f.academicSubject === subject)
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
  return (
    <>
      <main className="space-y-3 p-3">
        <h1 className="text-base font-semibold">Choose a standards framework</h1>
        {(jurisdiction || subject) && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Showing {[subject, jurisdiction].filter(Boolean).join(' frameworks of ')}
            {subject && !jurisdiction ? ' frameworks' : ''}.
          </p>
        )}
        {query.isPending && <SkeletonRows label="Loading frameworks" count={3} />}
        {query.isError && <ErrorMessage error={query.error} what="list of frameworks" onRetry={() => void query.refetch()} />}
        {query.isSuccess && shown.length === 0 && (
          <p className="rounded-md border border-dashed p-4 text-sm text-slate-600 dark:text-slate-400">
            No framework matches {[jurisdiction, subject].filter(Boolean).join(', ')}. Ask the page&apos;s author to check the embed
            address.
          </p>
        )}
        <ul aria-label="Frameworks" className="space-y-2">
          {shown.map((f) => (
            <li key={f.caseIdentifierUUID}>
              <button
                type="button"
                onClick={() => onChoose(f.caseIdentifierUUID)}
                className="w-full rounded-lg border border-slate-200 bg-white p-3 text-left hover:border-blue-500 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-800 dark:bg-slate-900"
              >
                <span className="block font-medium">{f.name}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  {[f.jurisdiction, f.academicSubject].filter(Boolean).join(' · ')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </main>
      <AttributionFooter />
    </>
  );
}
