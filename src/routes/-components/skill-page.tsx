/**
 * A skill's page: the skill as the heading, its attribution, and every standard it
 * supports, by framework, each leading into its framework's outline. Offline, the
 * standards of frameworks saved on this device, and it says so.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SupportedStandard } from '../../../contract/learning-component-schemas';
import { standardName } from '../../../contract/derived/through-matches';
import { queryReader } from '../../api/connections-reader';
import { standardsThroughMatches } from '../../api/skill-through-matches';
import { distinctStandards } from '../../features/skills/distinct-standards';
import { Link } from '@tanstack/react-router';
import { skillKeys, skillOptions, skillStandardsOptions } from '../../api/skills';
import { RichText } from '../../components/rich-text/rich-text';
import { AllFrameworksLink } from '../../components/ui/all-frameworks-link';
import { ErrorMessage } from '../../components/ui/error-message';
import { ConnectedStandard } from '../../features/connections/connected-standard';
import { SkillStandards } from '../../features/skills/skill-standards';
import { useApiSource } from '../../lib/api-source';
import { ApiError } from '../../lib/api-client';
import { useShowsAttribution } from '../../lib/attribution-store';
import { toPlainText } from '../../lib/plain-text';

/** The skill exists (it loaded) but its standards answer 404: a service without the local extension (the hosted one). */
const isMissingExtension = (e: unknown) => e instanceof ApiError && e.status === 404;

/** Where a standard sits: one place on a line; several (one standard in several courses) as a list. */
function Places({ places }: { places: string[][] }) {
  const shown = places.filter((p) => p.length).map((p) => p.map((part) => toPlainText(part)).join(' › '));
  if (!shown.length) return null;
  if (shown.length === 1) return <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{shown[0]}</p>;
  return (
    <div className="mt-1 text-xs text-slate-600 dark:text-slate-400">
      <p>In {shown.length} places in its framework:</p>
      <ul className="list-disc pl-5">
        {shown.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The standards that have this skill through an identical match (contract/derived's rule,
 * as their details show it): Common Core's, whose skills the data lists for the state
 * standards the crosswalk rates identical.
 */
function AlsoThroughMatches({ standards, skill, subject }: { standards: SupportedStandard[]; skill: string; subject: string | null }) {
  const source = useApiSource();
  const client = useQueryClient();
  const derived = useQuery({
    queryKey: [...skillKeys.standards(source, skill), 'through-matches', standards.map((s) => s.caseIdentifierUUID)] as const,
    queryFn: () => standardsThroughMatches(queryReader(client, source), standards, skill),
    staleTime: 30 * 60_000,
    meta: { persist: false },
    retry: false,
  });
  if (!derived.data?.length) return null;
  return (
    <section aria-label="Also through identical matches" className="space-y-1">
      <h2 className="text-base font-semibold">Also through identical matches</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The data lists no skills for these standards themselves; the crosswalk rates each identical (exactly the same skills) to a standard
        above, so this skill is theirs too.
      </p>
      <ul className="space-y-1">
        {derived.data.map(({ standard, through }) => (
          <ConnectedStandard key={standard.caseIdentifierUUID} standard={standard} subject={subject} showJurisdiction>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Derived through {through.map(standardName).join(' and ')}.</p>
          </ConnectedStandard>
        ))}
      </ul>
    </section>
  );
}

export function SkillPage({ identifier }: { identifier: string }) {
  const source = useApiSource();
  const skill = useQuery(skillOptions(source, identifier));
  const standards = useQuery({ ...skillStandardsOptions(source, identifier), enabled: !skill.isError });
  useShowsAttribution([skill.data?.attributionStatement, ...(standards.data?.standards ?? []).map((s) => s.attributionStatement)]);
  const all = standards.data?.standards;
  const list = useMemo(() => (all ? distinctStandards(all) : undefined), [all]);
  const placesOf = new Map(list?.map((d) => [d.standard.caseIdentifierUUID, d.places]));

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to="/" className="text-sm text-blue-700 hover:underline print:hidden dark:text-blue-400">
        ← All frameworks
      </Link>
      {skill.isPending && (
        <div role="status" aria-label="Loading the skill" className="space-y-2">
          <div className="h-8 w-2/3 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-24 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
        </div>
      )}
      {skill.isError && (
        <>
          <h1 className="text-xl font-semibold">Skill</h1>
          <ErrorMessage error={skill.error} what="skill" onRetry={() => void skill.refetch()} action={<AllFrameworksLink />} />
        </>
      )}
      {skill.data && (
        <header className="space-y-2" data-skill-heading>
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Skill (learning component)</p>
          <h1 className="text-2xl font-semibold tracking-tight">
            <RichText text={skill.data.description} inline lang={skill.data.inLanguage} />
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {skill.data.author ? `By ${skill.data.author}. ` : ''}
            {list ? `Expected by ${list.length} standard${list.length === 1 ? '' : 's'}` : 'The standards that expect it'}
            {list && standards.data?.from === 'saved' ? ' among the frameworks saved on this device' : ''}.
          </p>
          <p className="text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">{skill.data.attributionStatement}</p>
        </header>
      )}
      {standards.data?.from === 'saved' && (
        <p
          role="note"
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          You are offline: only the standards of frameworks saved on this device are listed. Other frameworks may expect this skill too.
        </p>
      )}
      {skill.data && standards.isPending && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading the standards that expect this skill…
        </p>
      )}
      {skill.data && standards.isError && isMissingExtension(standards.error) && (
        <p className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
          The standards service in use does not list the standards a skill supports (the project’s own local API does). Open a standard to
          see its skills.
        </p>
      )}
      {skill.data && standards.isError && !isMissingExtension(standards.error) && (
        <ErrorMessage error={standards.error} what="list of standards" onRetry={() => void standards.refetch()} />
      )}
      {list?.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No standard in this data lists this skill.</p>}
      {list && list.length > 0 && (
        <SkillStandards
          standards={list.map((d) => d.standard)}
          renderStandard={(s) => (
            <ConnectedStandard key={s.caseIdentifierUUID} standard={s} subject={skill.data?.academicSubject ?? null}>
              <Places places={placesOf.get(s.caseIdentifierUUID) ?? []} />
            </ConnectedStandard>
          )}
        />
      )}
      {list && list.length > 0 && skill.data && (
        <AlsoThroughMatches standards={all ?? []} skill={identifier} subject={skill.data.academicSubject ?? null} />
      )}
    </div>
  );
}
