/**
 * The progression page: loads the standard's progression to the chosen depth and says
 * how it was reached (a state standard's progression is its Common Core match's).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { crosswalksOptions, progressionGraphOptions } from '../../api/connections';
import { itemOptions } from '../../api/standards';
import { RichText } from '../../components/rich-text/rich-text';
import { ErrorMessage } from '../../components/ui/error-message';
import { AllFrameworksLink } from '../../components/ui/all-frameworks-link';
import { AlignmentStrength } from '../../features/connections/alignment-strength';
import { ProgressionView } from '../../features/connections/progression-view';
import { useApiSource } from '../../lib/api-source';
import { useShowsAttribution } from '../../lib/attribution-store';

export interface ProgressionPageProps {
  id: string;
  depth: number;
  /** The state standard whose Common Core match this is. */
  via?: string;
  onDepthChange: (depth: number) => void;
}

export function ProgressionPage({ id, depth, via, onDepthChange }: ProgressionPageProps) {
  const source = useApiSource();
  const client = useQueryClient();
  const item = useQuery(itemOptions(source, id));
  // One step each way paints first; the chosen depth fills in behind it.
  const near = useQuery(progressionGraphOptions(client, source, id, 1));
  const full = useQuery(progressionGraphOptions(client, source, id, depth));
  const graph = full.data || full.isError ? full : near;
  const deepening = !full.data && !full.isError && !!near.data && depth > 1;
  const viaItem = useQuery({ ...itemOptions(source, via ?? ''), enabled: !!via });
  const viaAlignment = useQuery({ ...crosswalksOptions(source, via ?? ''), enabled: !!via }).data?.find((c) => c.caseIdentifierUUID === id);
  useShowsAttribution([item.data?.attributionStatement, ...(graph.data?.attributions ?? [])]);
  const code = item.data?.statementCode ?? 'this standard';
  const empty = graph.data && graph.data.nodes.size === 1 && graph.data.related.length === 0;

  return (
    <div className="space-y-4">
      <Link to="/" className="text-sm text-blue-700 hover:underline print:hidden dark:text-blue-400">
        ← All frameworks
      </Link>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">
          Progression of <bdi className="font-mono">{code}</bdi>
        </h1>
        {item.data?.description && (
          <RichText text={item.data.description} lang={item.data.inLanguage} className="text-slate-700 dark:text-slate-300" />
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          What it builds on, by grade, to the left; where it leads to the right. Choose a code to centre the progression on it.
        </p>
      </header>
      {via && viaItem.data && (
        <div
          role="note"
          className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100"
        >
          <p>
            {viaItem.data.jurisdiction} <bdi className="font-mono font-semibold">{viaItem.data.statementCode}</bdi> has no progression of
            its own in this data: the progressions link Common Core standards. It aligns to Common Core{' '}
            <bdi className="font-mono font-semibold">{code}</bdi>, whose progression this is.
          </p>
          {viaAlignment && <AlignmentStrength alignment={viaAlignment} />}
        </div>
      )}
      {(item.isPending || graph.isPending) && !item.isError && !graph.isError && (
        <div role="status" aria-label="Loading the progression" className="space-y-2">
          <div className="h-40 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
        </div>
      )}
      {(item.isError || graph.isError) && (
        <ErrorMessage
          error={item.error ?? graph.error}
          what="standard"
          onRetry={() => void Promise.all([item.refetch(), graph.refetch()])}
          action={<AllFrameworksLink />}
        />
      )}
      {empty && (
        <p className="rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800">
          No progression in this data for <bdi className="font-mono">{code}</bdi>: nothing builds towards it, leads from it or relates to
          it. The progressions link Common Core math standards; a state standard reaches them through its Common Core alignment (see its
          details).
        </p>
      )}
      {deepening && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading {depth} steps each way…
        </p>
      )}
      {graph.data && !empty && item.data && (
        <ProgressionView progression={graph.data} depth={depth} onDepthChange={onDepthChange} subject={item.data.academicSubject} />
      )}
    </div>
  );
}
