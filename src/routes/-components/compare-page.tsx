/**
 * The compare page: picks the two frameworks (a state framework and Common Core, either
 * way round), loads both outlines and the first one's alignments (see
 * frameworkCrosswalksOptions: a page or two on the local API), and shows the comparison.
 */
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import type { Framework } from '../../../contract/schemas';
import { frameworkCrosswalksOptions } from '../../api/connections';
import { frameworksOptions } from '../../api/frameworks';
import { frameworkStandardsOptions } from '../../api/standards';
import { ErrorMessage } from '../../components/ui/error-message';
import { compareFrameworks } from '../../features/connections/compare-model';
import { CompareView } from '../../features/connections/compare-view';
import { COMMON_CORE_JURISDICTION, STRENGTH_THRESHOLDS } from '../../lib/alignment';
import { useApiSource } from '../../lib/api-source';
import { useShowsAttribution } from '../../lib/attribution-store';

export interface CompareParams {
  framework?: string;
  with?: string;
  grade?: string;
  strength?: number;
}

/** The other side by default: Common Core for a state framework, a state framework of the subject for Common Core. */
function defaultOther(primary: Framework, all: Framework[]) {
  const sameSubject = all.filter(
    (f) => f.academicSubject === primary.academicSubject && f.caseIdentifierUUID !== primary.caseIdentifierUUID,
  );
  const core = (f: Framework) => f.jurisdiction === COMMON_CORE_JURISDICTION;
  return core(primary) ? sameSubject.find((f) => !core(f)) : sameSubject.find(core);
}

export function ComparePage({ params, onChange }: { params: CompareParams; onChange: (change: Partial<CompareParams>) => void }) {
  const source = useApiSource();
  const ids = useId();
  const list = useInfiniteQuery(frameworksOptions(source));
  const frameworks = list.data?.pages.flatMap((p) => p.data) ?? [];
  const primary =
    frameworks.find((f) => f.caseIdentifierUUID === params.framework) ??
    frameworks.find((f) => f.jurisdiction !== COMMON_CORE_JURISDICTION);
  const other = frameworks.find((f) => f.caseIdentifierUUID === params.with) ?? (primary && defaultOther(primary, frameworks));
  // All three start together: the first framework's outline and alignments need only its id.
  const primaryId = params.framework ?? primary?.caseIdentifierUUID;
  const primaryItems = useQuery({ ...frameworkStandardsOptions(source, primaryId ?? ''), enabled: !!primaryId });
  const otherItems = useQuery({ ...frameworkStandardsOptions(source, other?.caseIdentifierUUID ?? ''), enabled: !!other });
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const client = useQueryClient();
  const otherJurisdiction =
    other?.jurisdiction ?? (primary && primary.jurisdiction !== COMMON_CORE_JURISDICTION ? COMMON_CORE_JURISDICTION : undefined);
  const alignments = useQuery({
    ...frameworkCrosswalksOptions(client, source, primaryId ?? '', otherJurisdiction ?? '', (done, total) => setProgress({ done, total })),
    enabled: !!primaryId && !!otherJurisdiction,
  });
  const strength = Math.min(Math.max(params.strength ?? 0, 0), STRENGTH_THRESHOLDS.length - 1);
  const comparison = useMemo(
    () =>
      primaryItems.data && otherItems.data && alignments.data
        ? compareFrameworks({
            primary: primaryItems.data,
            other: otherItems.data,
            alignments: alignments.data,
            grades: params.grade ? [params.grade] : [],
            minJaccard: STRENGTH_THRESHOLDS[strength]!.min,
          })
        : undefined,
    [primaryItems.data, otherItems.data, alignments.data, params.grade, strength],
  );
  useShowsAttribution([
    primary?.attributionStatement,
    other?.attributionStatement,
    // The alignments share one attribution: the first one says it.
    alignments.data?.values().next().value?.[0]?.attributionStatement,
  ]);
  const failed = [list, primaryItems, otherItems, alignments].find((q) => q.isError);
  const noAlignments = alignments.data && alignments.data.size === 0;
  const choices = (exclude?: string) => frameworks.filter((f) => f.caseIdentifierUUID !== exclude);

  return (
    <div className="space-y-4">
      <Link to="/" className="text-sm text-blue-700 hover:underline dark:text-blue-400">
        ← All frameworks
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight">Compare frameworks</h1>
      <p className="text-slate-600 dark:text-slate-400">
        How one framework's standards map to another's through the crosswalks (shared learning components): a state framework and Common
        Core, either way round.
      </p>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto">
          <label htmlFor={`${ids}-primary`}>Compare</label>
          <select
            id={`${ids}-primary`}
            value={primary?.caseIdentifierUUID ?? ''}
            onChange={(e) => onChange({ framework: e.target.value, with: undefined })}
            className="w-full min-w-0 rounded-md border sm:w-auto sm:max-w-[22rem] border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
          >
            {choices().map((f) => (
              <option key={f.caseIdentifierUUID} value={f.caseIdentifierUUID}>
                {f.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto">
          <label htmlFor={`${ids}-other`}>with</label>
          <select
            id={`${ids}-other`}
            value={other?.caseIdentifierUUID ?? ''}
            onChange={(e) => onChange({ with: e.target.value })}
            className="w-full min-w-0 rounded-md border sm:w-auto sm:max-w-[22rem] border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
          >
            {choices(primary?.caseIdentifierUUID).map((f) => (
              <option key={f.caseIdentifierUUID} value={f.caseIdentifierUUID}>
                {f.name}
              </option>
            ))}
          </select>
        </div>
        {primary && other && (
          <button
            type="button"
            onClick={() => onChange({ framework: other.caseIdentifierUUID, with: primary.caseIdentifierUUID })}
            className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Swap sides
          </button>
        )}
      </div>
      {failed && <ErrorMessage error={failed.error} what="comparison" onRetry={() => void failed.refetch()} />}
      {!failed && !comparison && (list.isPending || primary) && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {progress
            ? `Reading alignments: ${progress.done} of ${progress.total} standards…`
            : 'Loading both frameworks and their alignments…'}
        </p>
      )}
      {list.isSuccess && frameworks.length < 2 && <p>Comparing needs two frameworks; this service lists {frameworks.length}.</p>}
      {noAlignments && primary && other && (
        <p className="rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800">
          No crosswalks in this data between {primary.name} and {other.name}. Crosswalks align state math standards with Common Core math.
        </p>
      )}
      {comparison && primary && other && !noAlignments && (
        <CompareView
          comparison={comparison}
          primary={primary}
          other={other}
          grade={params.grade}
          strength={strength}
          onGradeChange={(grade) => onChange({ grade })}
          onStrengthChange={(s) => onChange({ strength: s })}
        />
      )}
    </div>
  );
}
