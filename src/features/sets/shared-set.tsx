import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { sharedSetOptions } from '../../api/set-entries';
import { savedFrameworksOptions } from '../../api/saved';
import { SkeletonRows } from '../../components/ui/skeleton-rows';
import { outlineButton, primaryButton } from '../../components/ui/classes';
import { useApiSource } from '../../lib/api-source';
import { useShowsAttribution } from '../../lib/attribution-store';
import { isNotSavedError } from '../../lib/api-client';
import { describeError } from '../../lib/describe-error';
import { notSavedAdvice } from '../../lib/not-saved-words';
import { describeLinkReading, describeMissing } from '../../lib/link-reading';
import { unreadCount } from '../../lib/set-count';
import { readSetLink, SET_LINK_KEY, type SharedSet } from '../../lib/set-link';
import { sets } from '../../lib/sets-store';
import { NotSaved } from '../../components/not-saved';
import { SetExports } from './set-exports';
import { SetRows } from './set-rows';

/**
 * A set opened from a shared link: read-only, resolved against the data (or the saved
 * frameworks, offline), with "Save as my set", exports and print. Standards the data no
 * longer holds are listed by id rather than dropped silently.
 */
export function SharedSetView({ value }: { value: string | null }) {
  const link = readSetLink(value);
  if ('error' in link)
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">Shared set</h1>
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
        >
          {link.error}
        </p>
        <Link to="/sets" className="text-blue-700 underline dark:text-blue-300">
          Go to my sets
        </Link>
      </div>
    );
  return <ResolvedSharedSet shared={link.set} value={value!} />;
}

function ResolvedSharedSet({ shared, value }: { shared: SharedSet; value: string }) {
  const client = useQueryClient();
  const source = useApiSource();
  const navigate = useNavigate();
  const resolved = useQuery(sharedSetOptions(client, source, shared.ids));
  const entries = resolved.data?.entries ?? [];
  useShowsAttribution(entries.map((e) => e.item.attributionStatement));
  const failed = resolved.data?.failed.length ?? 0;
  const offline = failed > 0 && isNotSavedError(resolved.data?.error);
  const failure = failed && !offline ? describeError(resolved.data!.error, 'standards') : null;
  const saved = useQuery({ ...savedFrameworksOptions(source), enabled: offline });
  const savedIds = new Set(saved.data?.map((m) => m.framework.caseIdentifierUUID));
  const unsaved = (shared.frameworks ?? []).filter((f) => !savedIds.has(f.caseIdentifierUUID));
  // What the link holds and what of it was read, said together so the two counts agree.
  const reading = resolved.data && { total: shared.ids.length, read: entries, missing: resolved.data.missing.length, failed };
  // Printing or saving part of a set would pass on less than was shared.
  const complete = entries.length > 0 && failed === 0;
  const save = () => {
    sets.create(shared.name, entries, shared.note);
    void navigate({ to: '/sets' });
  };
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <p className="text-sm font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">Shared set · read-only</p>
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">{shared.name}</h1>
        {shared.note && <p className="whitespace-pre-line text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">{shared.note}</p>}
        <p className="text-slate-600 dark:text-slate-400">
          {reading && `${describeLinkReading(reading)} `}
          Nothing of it is kept on a server: the set travels in the link itself.
        </p>
      </div>
      {resolved.isPending && <SkeletonRows count={4} label="Loading the set's standards" />}
      {resolved.isError && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {describeError(resolved.error, 'standards').title} {describeError(resolved.error, 'standards').hint}
        </p>
      )}
      {resolved.data && (
        <>
          {resolved.data.missing.length > 0 && (
            <div
              role="alert"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
            >
              <p className="font-semibold">{describeMissing(reading!)}</p>
              <ul className="ml-5 list-disc font-mono text-xs">
                {resolved.data.missing.map((id) => (
                  <li key={id}>{id}</li>
                ))}
              </ul>
            </div>
          )}
          {offline && (
            <div
              role="alert"
              className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
            >
              <p>
                {unreadCount(failed)} of this link could not be read offline.{' '}
                {unsaved.length ? 'Save their framework, then open the link again:' : notSavedAdvice([], 'open the link again')}
              </p>
              {unsaved.map((f) => (
                <p key={f.caseIdentifierUUID}>
                  <NotSaved frameworkId={f.caseIdentifierUUID} name={f.name} className="text-sm" />
                </p>
              ))}
              <button type="button" className="underline" onClick={() => void resolved.refetch()}>
                Try again
              </button>
            </div>
          )}
          {failure && (
            <p
              role="alert"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
            >
              {unreadCount(failed)} could not be read now: {failure.title} {failure.hint}{' '}
              <button type="button" className="underline" onClick={() => void resolved.refetch()}>
                Try again
              </button>
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={primaryButton} disabled={!complete} onClick={save}>
              Save as my set
            </button>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              A copy on this device that you can edit; the link stays as it is.
            </span>
          </div>
          <SetExports
            set={{ id: shared.setId ?? value, name: shared.name, note: shared.note, updatedAt: new Date().toISOString() }}
            // Only a set read whole is handed on: part of it would pass on less than was shared.
            entries={complete ? entries : []}
            print={
              complete ? (
                <a href={`/print#${SET_LINK_KEY}=${value}`} className={`${outlineButton} inline-flex items-center`}>
                  Print
                </a>
              ) : (
                <button type="button" className={outlineButton} disabled>
                  Print
                </button>
              )
            }
          />
          {entries.length > 0 && <SetRows entries={entries} editable={false} label={`Standards in ${shared.name}`} headingLevel={2} />}
        </>
      )}
    </div>
  );
}
