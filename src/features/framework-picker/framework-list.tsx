import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { frameworksOptions } from '../../api/frameworks';
import { useApiSource } from '../../lib/api-source';
import { ErrorMessage } from '../../components/ui/error-message';
import { SkeletonRows } from '../../components/ui/skeleton-rows';
import { useShowsAttribution } from '../../lib/attribution-store';
import { recentFrameworks } from '../../lib/recent-frameworks';
import { field } from '../../components/ui/classes';

const distinct = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => !!v))].sort();

/** Every framework the service offers, filterable, with the recently opened ones first. */
export function FrameworkList() {
  const source = useApiSource();
  const query = useInfiniteQuery(frameworksOptions(source));
  const all = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const [text, setText] = useState('');
  const [jurisdiction, setJurisdiction] = useState('');
  const [subject, setSubject] = useState('');
  const recent = useMemo(() => recentFrameworks(), []);

  const shown = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const rank = (id: string) => (recent.includes(id) ? recent.indexOf(id) : recent.length);
    return all
      .filter((f) => (!jurisdiction || f.jurisdiction === jurisdiction) && (!subject || f.academicSubject === subject))
      .filter((f) => !needle || `${f.name} ${f.jurisdiction} ${f.academicSubject}`.toLowerCase().includes(needle))
      .sort((a, b) => rank(a.caseIdentifierUUID) - rank(b.caseIdentifierUUID));
  }, [all, text, jurisdiction, subject, recent]);
  useShowsAttribution(shown.map((f) => f.attributionStatement));

  if (query.isPending) return <SkeletonRows label="Loading frameworks" />;
  if (query.isError) return <ErrorMessage error={query.error} what="list of frameworks" onRetry={() => void query.refetch()} />;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-medium">
          Find a framework
          <input type="search" className={field} placeholder="Type part of a name" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Jurisdiction
          <select className={field} value={jurisdiction} onChange={(e) => setJurisdiction(e.target.value)}>
            <option value="">All jurisdictions</option>
            {distinct(all.map((f) => f.jurisdiction)).map((j) => (
              <option key={j}>{j}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Subject
          <select className={field} value={subject} onChange={(e) => setSubject(e.target.value)}>
            <option value="">All subjects</option>
            {distinct(all.map((f) => f.academicSubject)).map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {shown.length === all.length ? `${all.length} frameworks` : `${shown.length} of ${all.length} frameworks`}
      </p>
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-slate-600 dark:text-slate-400">
          No framework matches. Clear the search or choose other filters.
        </p>
      ) : (
        <ul aria-label="Frameworks" className="grid gap-3 sm:grid-cols-2">
          {shown.map((f) => (
            <li key={f.caseIdentifierUUID}>
              <Link
                to="/frameworks/$frameworkId"
                params={{ frameworkId: f.caseIdentifierUUID }}
                className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-blue-400 hover:shadow dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-500"
              >
                <span className="flex items-start justify-between gap-2">
                  <span className="font-medium">{f.name ?? 'Untitled framework'}</span>
                  {recent.includes(f.caseIdentifierUUID) && (
                    <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">Recently opened</span>
                  )}
                </span>
                <span className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
                  <span>{f.jurisdiction}</span>
                  <span>{f.academicSubject}</span>
                  {f.adoptionStatus && <span>{f.adoptionStatus}</span>}
                  {f.dateModified && <span>Updated {f.dateModified}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
