import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { frameworksOptions } from '../../api/frameworks';
import { DEFAULT_SOURCE } from '../../lib/api-client';
import { ErrorMessage } from '../../components/ui/error-message';
import { SkeletonRows } from '../../components/ui/skeleton-rows';
import { useShowsAttribution } from '../attribution/attribution-store';

export function FrameworkList() {
  const query = useInfiniteQuery(frameworksOptions(DEFAULT_SOURCE));
  const frameworks = query.data?.pages.flatMap((p) => p.data) ?? [];
  useShowsAttribution(frameworks.map((f) => f.attributionStatement));

  if (query.isPending) return <SkeletonRows label="Loading frameworks" />;
  if (query.isError) return <ErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
  if (frameworks.length === 0) return <p className="text-slate-600 dark:text-slate-400">This service offers no current frameworks.</p>;

  return (
    <ul aria-label="Frameworks" className="grid gap-3 sm:grid-cols-2">
      {frameworks.map((f) => (
        <li key={f.caseIdentifierUUID}>
          <Link
            to="/frameworks/$frameworkId"
            params={{ frameworkId: f.caseIdentifierUUID }}
            className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-blue-400 hover:shadow dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-500"
          >
            <span className="block font-medium">{f.name ?? 'Untitled framework'}</span>
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
  );
}
