/**
 * The progression page: a standard's own progression, walked as the person chose (steps,
 * grades, the chain or every branch); for a state standard without one, the progression
 * derived through its identical Common Core match, said so; for a grouping, the ways to
 * its standards' progressions.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { StandardsItem } from '../../../contract/schemas';
import type { Crosswalk } from '../../../contract/connection-schemas';
import { crosswalksOptions, progressionGraphOptions } from '../../api/connections';
import { derivedProgressionOptions, identicalCoreMatch } from '../../api/derived-connections';
import { ConnectionNotSaved } from '../../features/connections/connection-link';
import { ProgressionLink } from '../../features/connections/progression-link';
import { isNotSavedError } from '../../lib/api-client';
import { fetchAllChildren, itemOptions } from '../../api/standards';
import { RichText } from '../../components/rich-text/rich-text';
import { ErrorMessage } from '../../components/ui/error-message';
import { AllFrameworksLink } from '../../components/ui/all-frameworks-link';
import { AlignmentStrength } from '../../features/connections/alignment-strength';
import { ProgressionView } from '../../features/connections/progression-view';
import { COMMON_CORE_JURISDICTION } from '../../lib/alignment';
import { useApiSource } from '../../lib/api-source';
import { useShowsAttribution } from '../../lib/attribution-store';
import { excerpt } from '../../lib/excerpt';
import { itemLabel } from '../../lib/path-label';
import type { Progression, ProgressionWalk } from '../../lib/progression';

export interface ProgressionPageProps {
  id: string;
  walk: ProgressionWalk;
  onWalkChange: (change: Partial<ProgressionWalk>) => void;
}

const note =
  'rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100';
const plainBox = 'rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800';

export function ProgressionPage({ id, walk, onWalkChange }: ProgressionPageProps) {
  const source = useApiSource();
  const client = useQueryClient();
  const item = useQuery(itemOptions(source, id));
  // One step each way paints first; the chosen walk fills in behind it.
  const near = useQuery(progressionGraphOptions(client, source, id, { ...walk, depth: 1 }));
  const full = useQuery(progressionGraphOptions(client, source, id, walk));
  const own = full.data || full.isError ? full : near;
  const ownEmpty = !!own.data && own.data.nodes.size === 1 && own.data.related.length === 0;
  const isState = !!item.data && item.data.jurisdiction !== COMMON_CORE_JURISDICTION;
  const derived = useQuery({ ...derivedProgressionOptions(client, source, id, walk), enabled: isState && ownEmpty });
  const progression = !ownEmpty ? own.data : derived.data?.via ? derived.data.progression : undefined;
  const deepening = !ownEmpty && !full.data && !full.isError && !!near.data && walk.depth > 1;
  useShowsAttribution([item.data?.attributionStatement, ...(progression?.attributions ?? [])]);
  // Offline without Common Core saved, a derived progression cannot be read: said so, with the fix.
  const crosswalks = useQuery({ ...crosswalksOptions(source, id), enabled: isNotSavedError(derived.error) });
  const notSavedVia = isNotSavedError(derived.error) ? identicalCoreMatch(crosswalks.data ?? []) : undefined;
  const error = item.error ?? own.error ?? (notSavedVia ? null : derived.error);
  const loading = !error && (item.isPending || own.isPending || (isState && ownEmpty && derived.isPending));
  const name = item.data ? itemLabel(item.data) : undefined;
  const noDerived = isState && ownEmpty && derived.data && !derived.data.via;

  return (
    <div className="space-y-4">
      <Link to="/" className="text-sm text-blue-700 hover:underline print:hidden dark:text-blue-400">
        ← All frameworks
      </Link>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">
          {name ? (
            <>
              Progression of <bdi className={item.data?.statementCode ? 'font-mono' : ''}>{name}</bdi>
            </>
          ) : (
            'Progression'
          )}
        </h1>
        {item.data?.description && (
          <RichText text={item.data.description} lang={item.data.inLanguage} className="text-slate-700 dark:text-slate-300" />
        )}
        {progression && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            By grade: what it builds on comes before it, where it leads after. Choose a code to centre the progression on it.
          </p>
        )}
      </header>
      {derived.data?.via && item.data && <DerivedNote item={item.data} via={derived.data.via} progression={derived.data.progression} />}
      {loading && (
        <div role="status" aria-label="Loading the progression" className="space-y-2">
          <div className="h-40 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
        </div>
      )}
      {error && (
        <ErrorMessage
          error={error}
          what="progression"
          onRetry={() => void Promise.all([item.refetch(), own.refetch(), derived.refetch()])}
          action={<AllFrameworksLink />}
        />
      )}
      {notSavedVia && item.data && (
        <div className={plainBox}>
          <p>
            The progression of {item.data.jurisdiction} <bdi className="font-mono">{item.data.statementCode}</bdi> is derived through Common
            Core <bdi className="font-mono">{notSavedVia.statementCode}</bdi>, which is not saved on this device.
          </p>
          <ConnectionNotSaved standard={notSavedVia} subject={item.data.academicSubject} what="Its progression" />
        </div>
      )}
      {!error && !notSavedVia && item.data && ownEmpty && !progression && (isState ? noDerived : true) && (
        <NoProgression item={item.data} closest={derived.data && !derived.data.via ? derived.data.closest : undefined} />
      )}
      {deepening && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading the chosen steps…
        </p>
      )}
      {progression && item.data && (
        <ProgressionView
          progression={progression}
          walk={walk}
          onWalkChange={onWalkChange}
          subject={item.data.academicSubject}
          state={progression.derivedThrough ? item.data.jurisdiction : undefined}
        />
      )}
    </div>
  );
}

/** How a state standard's progression was made, and what in it is Common Core's own. */
function DerivedNote({ item, via, progression }: { item: StandardsItem; via: Crosswalk; progression: Progression }) {
  const gaps = [...progression.nodes.values()].filter((n) => n.unmatched).length;
  return (
    <div role="note" aria-label="Derived through the crosswalk" className={note}>
      <p>
        <strong>Derived through the crosswalk.</strong> The progressions in this data link Common Core standards. The crosswalk rates Common
        Core <bdi className="font-mono font-semibold">{via.statementCode}</bdi> identical to {item.jurisdiction}{' '}
        <bdi className="font-mono font-semibold">{item.statementCode}</bdi>, so this is its progression read in {item.jurisdiction}'s
        standards: each card is the {item.jurisdiction} standard the crosswalk rates identical to the Common Core one
        {gaps > 0
          ? `; ${gaps} Common Core standard${gaps === 1 ? ' has' : 's have'} none and ${gaps === 1 ? 'is' : 'are'} shown as Common Core, marked.`
          : '.'}
      </p>
      <AlignmentStrength alignment={via} />
    </div>
  );
}

/** Why there is no progression to show, and where to go instead. */
function NoProgression({ item, closest }: { item: StandardsItem; closest?: Crosswalk }) {
  const name = itemLabel(item);
  if (item.hasChildren) return <GroupingProgressions item={item} />;
  if (item.jurisdiction !== COMMON_CORE_JURISDICTION)
    return (
      <div className={plainBox}>
        <p>
          No progression for {item.jurisdiction} <bdi className="font-mono">{name}</bdi>: the progressions in this data link Common Core
          standards, and the crosswalk rates no Common Core standard identical to it, so none can be derived.
        </p>
        {closest ? (
          <div className="mt-2">
            Its closest Common Core match is{' '}
            <ProgressionLink
              uuid={closest.caseIdentifierUUID}
              className="font-mono font-semibold text-blue-700 underline dark:text-blue-300"
            >
              {closest.statementCode}
            </ProgressionLink>{' '}
            (see its progression):
            <AlignmentStrength alignment={closest} />
          </div>
        ) : (
          <p className="mt-2">It has no Common Core match in the crosswalks.</p>
        )}
      </div>
    );
  return (
    <p className={plainBox}>
      No progression in this data for <bdi className="font-mono">{name}</bdi>: nothing builds towards it, leads from it or relates to it.
    </p>
  );
}

/** A grouping (a domain, a cluster) has no progression itself: its standards do. */
function GroupingProgressions({ item }: { item: StandardsItem }) {
  const source = useApiSource();
  const client = useQueryClient();
  const children = useQuery({
    queryKey: ['progression-grouping', source.baseUrl, item.caseIdentifierUUID],
    queryFn: ({ signal }) => fetchAllChildren(client, source, item.caseIdentifierUUID, signal),
  });
  const name = itemLabel(item);
  return (
    <section aria-label={`The progressions of ${name}'s standards`} className={`${plainBox} space-y-2`}>
      <p>
        <bdi className="font-mono">{name}</bdi> groups standards; the progressions link standards, so each of them has its own:
      </p>
      {children.isPending && <p role="status">Loading its standards…</p>}
      {children.isError && <ErrorMessage error={children.error} what="standards" onRetry={() => void children.refetch()} />}
      {children.data && (
        <ul className="space-y-1">
          {children.data.map((c) => (
            <li key={c.caseIdentifierUUID}>
              <ProgressionLink uuid={c.caseIdentifierUUID} className="font-mono font-semibold text-blue-700 underline dark:text-blue-300">
                <bdi>{itemLabel(c)}</bdi>
              </ProgressionLink>{' '}
              <RichText text={excerpt(c.description, 140)} inline className="text-slate-700 dark:text-slate-300" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
