/**
 * A skill's page: the skill as the heading, its attribution, and every standard it
 * supports, by framework, each leading into its framework's outline. Offline, the
 * standards of frameworks saved on this device, and it says so.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { skillOptions, skillStandardsOptions } from '../../api/skills';
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

export function SkillPage({ identifier }: { identifier: string }) {
  const source = useApiSource();
  const skill = useQuery(skillOptions(source, identifier));
  const standards = useQuery({ ...skillStandardsOptions(source, identifier), enabled: !skill.isError });
  useShowsAttribution([skill.data?.attributionStatement, ...(standards.data?.standards ?? []).map((s) => s.attributionStatement)]);
  const list = standards.data?.standards;

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
          standards={list}
          renderStandard={(s) => (
            <ConnectedStandard key={s.caseIdentifierUUID} standard={s} subject={skill.data?.academicSubject ?? null}>
              {/* Where it sits: a framework may place one standard in several courses. */}
              {s.path?.length ? (
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{s.path.map((p) => toPlainText(p)).join(' › ')}</p>
              ) : null}
            </ConnectedStandard>
          )}
        />
      )}
    </div>
  );
}
