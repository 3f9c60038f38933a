/**
 * The "Connections" part of a standard's details: what it builds on, where it leads,
 * what relates to it (the learning progressions), and the standards it aligns with
 * across jurisdictions (the crosswalks), each with its source's attribution.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronIcon } from '../../components/ui/icons';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { COMPACT_LAYOUT, useMediaQuery } from '../../lib/use-media-query';
import type { StandardsItem } from '../../../contract/schemas';
import type { Crosswalk, StandardSummary } from '../../../contract/connection-schemas';
import { crosswalksOptions, progressionOptions } from '../../api/connections';
import { derivedNeighboursOptions, identicalCoreMatch, type DerivedNeighbours } from '../../api/derived-connections';
import { isNotSavedError } from '../../lib/api-client';
import { ConnectionNotSaved } from './connection-link';
import { ErrorMessage } from '../../components/ui/error-message';
import { WordingDiff } from '../../components/wording-diff';
import { COMMON_CORE_JURISDICTION, commonName, strengthWord } from '../../lib/alignment';
import { useApiSource } from '../../lib/api-source';
import { useShowsAttribution } from '../../lib/attribution-store';
import { ConnectedStandard, type ConnectedStandardProps } from './connected-standard';
import { CrosswalkEvidenceView } from './crosswalk-skills';

export interface ItemConnectionsProps {
  item: StandardsItem;
  headingLevel?: 2 | 3;
  /** Where a matched standard's code leads, where the page can show it beside this one. */
  openBeside?: ConnectedStandardProps['openBeside'];
}

export function ItemConnections({ item, headingLevel = 3, openBeside }: ItemConnectionsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Group = headingLevel === 2 ? 'h3' : 'h4';
  const source = useApiSource();
  const id = item.caseIdentifierUUID;
  const headingId = useId();
  const buildsOn = useQuery(progressionOptions(source, 'prerequisites', id));
  const leadsTo = useQuery(progressionOptions(source, 'builds-towards', id));
  const related = useQuery(progressionOptions(source, 'related-standards', id));
  const aligned = useQuery(crosswalksOptions(source, id));
  // A state standard without a progression of its own: derived through its identical Common Core match.
  const client = useQueryClient();
  const ownProgression = !!buildsOn.data?.length || !!leadsTo.data?.length;
  const derived = useQuery({
    ...derivedNeighboursOptions(client, source, id, item.jurisdiction),
    enabled: item.jurisdiction !== COMMON_CORE_JURISDICTION && buildsOn.isSuccess && leadsTo.isSuccess && !ownProgression,
  });
  const queries = [buildsOn, leadsTo, related, aligned];
  // Offline without Common Core saved, the derived progression cannot be read: said so below, with the fix.
  const derivedNotSaved = isNotSavedError(derived.error) ? identicalCoreMatch(aligned.data ?? []) : undefined;
  const failed = [...queries, derived].filter((q) => q.isError && !(q === derived && derivedNotSaved));
  const loading = queries.some((q) => q.isPending) || derived.isFetching;
  const none = queries.every((q) => q.isSuccess && q.data.length === 0);
  const derivedBefore = derived.data?.buildsOn.map((d) => d.standard) ?? [];
  const derivedAfter = derived.data?.leadsTo.map((d) => d.standard) ?? [];
  const statements = [
    ...new Set(
      [...(buildsOn.data ?? []), ...(leadsTo.data ?? []), ...(related.data ?? []), ...derivedBefore, ...derivedAfter]
        .map((s) => s.relationship?.attributionStatement)
        .concat((aligned.data ?? []).map((c) => c.attributionStatement))
        .filter((s): s is string => !!s),
    ),
  ];
  useShowsAttribution(statements);
  const progression = progressionLink(item, ownProgression, derived.data);
  // On a phone the connections start as one line of counts (the skills stand right under the
  // text); beside the tree, where there is room, they start open.
  const compact = useMediaQuery(COMPACT_LAYOUT);
  const [openChoice, setOpen] = useState<boolean | null>(null);
  const open = openChoice ?? !compact;
  const bodyId = useId();
  const summary = loading
    ? 'Loading connections…'
    : connectionsSummary({
        buildsOn: (buildsOn.data?.length || derivedBefore.length) ?? 0,
        leadsTo: (leadsTo.data?.length || derivedAfter.length) ?? 0,
        related: related.data?.length ?? 0,
        aligned: aligned.data ?? [],
      });

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-100 pt-3 dark:border-slate-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id={headingId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          Connections
        </Heading>
        {progression}
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen(!open)}
        className="-my-1 flex min-h-10 w-full items-center gap-2 rounded-md text-left text-sm text-slate-700 hover:bg-slate-50 dark:text-slate-300 dark:hover:bg-slate-800/60"
      >
        <ChevronIcon open={open} />
        <span role={loading ? 'status' : undefined} data-connections-summary>
          {summary}
        </span>
      </button>
      <div id={bodyId} hidden={!open} className="space-y-3">
        {failed.length > 0 && (
          <ErrorMessage error={failed[0]!.error} what="connections" onRetry={() => failed.forEach((q) => void q.refetch())} />
        )}
        {none && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No connections in this data: nothing here builds on, leads from, relates to or aligns with this standard.
          </p>
        )}
        {(
          [
            ['Builds on', 'Standards that build towards this one', buildsOn.data],
            ['Leads to', 'Standards this one builds towards', leadsTo.data],
            ['Related', 'Linked without an order', related.data],
          ] as const
        ).map(([title, hint, standards]) => (
          <ConnectionGroup key={title} Heading={Group} title={title} hint={hint} standards={standards} subject={item.academicSubject} />
        ))}
        {derived.data && <DerivedGroups Heading={Group} item={item} derived={derived.data} />}
        {derivedNotSaved && (
          <div className="text-sm text-slate-600 dark:text-slate-400">
            <p>
              Its progression is derived through Common Core <bdi className="font-mono">{derivedNotSaved.statementCode}</bdi>, which is not
              saved on this device.
            </p>
            <ConnectionNotSaved standard={derivedNotSaved} subject={item.academicSubject} />
          </div>
        )}
        {aligned.data && aligned.data.length > 0 && (
          <AlignedStandards Heading={Group} item={item} alignments={aligned.data} openBeside={openBeside} />
        )}
        {statements.length > 0 && (
          <div className="space-y-1 text-xs text-slate-600 dark:text-slate-400">
            {statements.map((s) => (
              <p key={s}>{s}</p>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * The connections in one line: "Builds on 2 · Leads to 7 · Common Core identical". The
 * crosswalk part names the strongest match's jurisdiction and strength, or how many
 * jurisdictions align where there are several (a Common Core standard across the states).
 */
export function connectionsSummary(counts: { buildsOn: number; leadsTo: number; related: number; aligned: readonly Crosswalk[] }) {
  const parts = [
    counts.buildsOn && `Builds on ${counts.buildsOn}`,
    counts.leadsTo && `Leads to ${counts.leadsTo}`,
    counts.related && `Related ${counts.related}`,
  ].filter(Boolean);
  const jurisdictions = new Set(counts.aligned.map((a) => a.jurisdiction));
  if (jurisdictions.size > 1) parts.push(`Aligned in ${jurisdictions.size} jurisdictions`);
  else if (counts.aligned.length) {
    const best = Math.max(...counts.aligned.map((a) => a.jaccard));
    const word = strengthWord(best);
    parts.push(
      `${commonName(counts.aligned[0]!.jurisdiction) ?? 'Aligned'} ${word === 'Identical skills' ? 'identical' : word.toLowerCase()}`,
    );
  }
  return parts.length ? parts.join(' · ') : 'No connections';
}

type GroupHeading = 'h3' | 'h4';

function ConnectionGroup({
  Heading,
  title,
  hint,
  standards,
  subject,
}: {
  Heading: GroupHeading;
  title: string;
  hint: string;
  standards?: StandardSummary[];
  subject: string | null;
}) {
  if (!standards?.length) return null;
  return (
    <div>
      <Heading className="text-xs font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">
        {title} <span className="font-normal tracking-normal normal-case text-slate-500 dark:text-slate-400">· {hint}</span>
      </Heading>
      <ul className="mt-1 space-y-1" aria-label={title}>
        {standards.map((s) => (
          <ConnectedStandard key={s.caseIdentifierUUID} standard={s} subject={subject} />
        ))}
      </ul>
    </div>
  );
}

/** For a state standard, its Common Core matches; for a Common Core one, the state standards that match, by jurisdiction. */
function AlignedStandards({
  Heading,
  item,
  alignments,
  openBeside,
}: {
  Heading: GroupHeading;
  item: StandardsItem;
  alignments: Crosswalk[];
  openBeside?: ItemConnectionsProps['openBeside'];
}) {
  const isCore = item.jurisdiction === COMMON_CORE_JURISDICTION;
  const jurisdictions = [...new Set(alignments.map((a) => a.jurisdiction ?? 'Unknown'))].sort();
  const [only, setOnly] = useState<string>('');
  const shown = alignments.filter((a) => !only || a.jurisdiction === only);
  const filterId = useId();
  const title = isCore ? 'Aligned state standards' : 'Aligned Common Core standards';
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="text-xs font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">
          {title} <span className="font-normal tracking-normal normal-case text-slate-500 dark:text-slate-400">· strongest first</span>
        </Heading>
        {isCore && jurisdictions.length > 1 && (
          <label htmlFor={filterId} className="flex items-center gap-1 text-xs">
            Jurisdiction
            <select
              id={filterId}
              value={only}
              onChange={(e) => setOnly(e.target.value)}
              className="rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900"
            >
              <option value="">All ({alignments.length})</option>
              {jurisdictions.map((j) => (
                <option key={j} value={j}>
                  {j} ({alignments.filter((a) => (a.jurisdiction ?? 'Unknown') === j).length})
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {(isCore ? jurisdictions.filter((j) => !only || j === only) : [null]).map((j) => (
        <div key={j ?? 'all'}>
          {isCore && <p className="mt-1 text-xs font-medium text-slate-600 dark:text-slate-400">{j}</p>}
          <ul className="mt-1 space-y-1" aria-label={isCore ? `${title}, ${j}` : title}>
            {shown
              .filter((a) => !isCore || (a.jurisdiction ?? 'Unknown') === j)
              .map((a) => (
                <ConnectedStandard key={a.caseIdentifierUUID} standard={a} subject={item.academicSubject} fullText openBeside={openBeside}>
                  <CrosswalkEvidenceView
                    from={item}
                    to={a}
                    alignment={a}
                    wording={
                      <WordingDiff
                        from={item.description}
                        to={a.description}
                        fromName={commonName(item.jurisdiction) ?? 'the other'}
                        toName={commonName(a.jurisdiction) ?? 'the other'}
                        className="mt-1"
                      />
                    }
                  />
                </ConnectedStandard>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * A state standard's progression derived through its identical Common Core match: what it
 * builds on and leads to in the state's own standards (a Common Core standard the state
 * has none identical to stays, marked); where no match is identical, that is said.
 */
function DerivedGroups({ Heading, item, derived }: { Heading: GroupHeading; item: StandardsItem; derived: DerivedNeighbours }) {
  if (!derived.via) {
    if (item.normalizedStatementType !== 'Standard' || !derived.closest) return null;
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        No progression: the progressions link Common Core standards, and its closest Common Core match,{' '}
        <bdi className="font-mono">{derived.closest.statementCode}</bdi>, is rated {strengthWord(derived.closest.jaccard).toLowerCase()},
        not identical, so none is derived for it.
      </p>
    );
  }
  const through = (
    <>
      derived through Common Core <bdi className="font-mono">{derived.via.statementCode}</bdi> (identical skills)
    </>
  );
  if (!derived.buildsOn.length && !derived.leadsTo.length)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No progression: its identical Common Core match has none either.</p>;
  return (
    <>
      {(
        [
          ['Builds on', derived.buildsOn],
          ['Leads to', derived.leadsTo],
        ] as const
      ).map(([title, list]) =>
        list.length ? (
          <div key={title}>
            <Heading className="text-xs font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">
              {title} <span className="font-normal tracking-normal normal-case text-slate-500 dark:text-slate-400">· {through}</span>
            </Heading>
            <ul className="mt-1 space-y-1" aria-label={title}>
              {list.map((d) => (
                <ConnectedStandard key={d.standard.caseIdentifierUUID} standard={d.standard} subject={item.academicSubject}>
                  {d.unmatched && (
                    <p className="mt-1 text-xs text-amber-800 dark:text-amber-300">
                      Common Core: no {item.jurisdiction} standard is rated identical to it
                    </p>
                  )}
                </ConnectedStandard>
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </>
  );
}

/**
 * The way to the progression view: this standard's own; for a state standard, the one
 * derived through its identical Common Core match; for a grouping, its standards'.
 */
function progressionLink(item: StandardsItem, own: boolean, derived?: DerivedNeighbours) {
  const className = 'text-sm font-medium text-blue-700 underline dark:text-blue-300';
  const derivedOne = !!derived?.via && (derived.buildsOn.length > 0 || derived.leadsTo.length > 0);
  if (!own && !derivedOne && !(item.hasChildren && item.normalizedStatementType !== 'Standard')) return null;
  return (
    <Link to="/progressions/$uuid" params={{ uuid: item.caseIdentifierUUID }} className={className}>
      {own || derivedOne ? 'See its progression by grade' : "See its standards' progressions"}
    </Link>
  );
}
