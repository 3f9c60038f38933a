import { useInfiniteQuery } from '@tanstack/react-query';
import { childrenOptions } from '../../api/standards';
import { DEFAULT_SOURCE } from '../../lib/api-client';
import { sortSiblings } from '../../lib/natural-sort';
import { ErrorMessage } from '../../components/ui/error-message';
import { SkeletonRows } from '../../components/ui/skeleton-rows';
import { useShowsAttribution } from '../attribution/attribution-store';

export interface TopLevelItemsProps {
  frameworkId: string;
}

export function TopLevelItems({ frameworkId }: TopLevelItemsProps) {
  const query = useInfiniteQuery(childrenOptions(DEFAULT_SOURCE, frameworkId));
  const items = sortSiblings(query.data?.pages.flatMap((p) => p.data) ?? []);
  useShowsAttribution(items.map((i) => i.attributionStatement));

  if (query.isPending) return <SkeletonRows label="Loading standards" count={3} />;
  if (query.isError) return <ErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <p>This framework has no items.</p>;
  return (
    <ul aria-label="Top-level groupings" className="space-y-2">
      {items.map((item) => (
        <li
          key={item.caseIdentifierUUID}
          className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
        >
          {item.statementCode && <span className="mr-2 font-mono text-sm font-semibold">{item.statementCode}</span>}
          {item.description}
          {item.gradeLevel && <span className="ml-2 text-xs text-slate-500">Grades {item.gradeLevel.join(', ')}</span>}
        </li>
      ))}
    </ul>
  );
}
