import { standardName } from '../../../contract/derived/through-matches';
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import { RichText } from '../../components/rich-text/rich-text';
import { formatGrades } from '../../lib/format';
import type { ExportEntry } from '../../lib/export-entries';
import { groupTitle, runsOf } from '../../lib/set-groups';

export interface PrintViewProps {
  title: string;
  subtitle?: string;
  entries: ExportEntry[];
  /** Branch: indent by depth below the root. Set: in the set's order under framework and domain headings, parts indented. */
  layout: 'branch' | 'set';
  status?: string;
  /** Why nothing can be printed (a broken link, a missing standard). */
  error?: string;
}

const HEADINGS = ['h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** A page made for paper: hierarchy by indentation and headings, math rendered, attribution at the end. */
export function PrintView({ title, subtitle, entries, layout, status, error }: PrintViewProps) {
  const rootDepth = Math.min(...entries.map((e) => e.path.length));
  const inSet = new Set(entries.map((e) => e.item.caseIdentifierUUID));
  // A set's rows print under a heading where their framework or domain changes.
  const runStarts = new Map(
    layout === 'set'
      ? runsOf(entries).map((r) => [r.rows[0]!.index, [r.framework, r.domain && groupTitle(r.domain)].filter(Boolean).join(' · ')])
      : [],
  );
  const attributions = [
    ...new Set(entries.flatMap((e) => [e.item.attributionStatement, ...(e.skills ?? []).map((s) => s.attributionStatement)])),
  ];
  return (
    <main className="mx-auto max-w-3xl bg-white p-8 text-slate-900 print:max-w-none print:p-0">
      <nav aria-label="Print" className="mb-6 flex items-center gap-3 print:hidden">
        <Link to="/" className="text-sm text-blue-700 underline">
          ← Standards Explorer
        </Link>
        <button
          type="button"
          onClick={() => window.print()}
          disabled={!!status || !!error || entries.length === 0}
          className="ml-auto h-9 rounded-md bg-blue-700 px-4 text-sm font-semibold text-white disabled:opacity-50"
        >
          Print
        </button>
      </nav>
      <h1 className="text-2xl font-bold">{title}</h1>
      {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      {error && (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      )}
      {status && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {status}
        </p>
      )}
      <div className="mt-6 space-y-3">
        {entries.map((e, index) => {
          const level = layout === 'branch' ? e.path.length - rootDepth : e.path.some((p) => inSet.has(p.caseIdentifierUUID)) ? 1 : 0;
          const Heading = HEADINGS[Math.min(level, HEADINGS.length - 1)]!;
          const run = runStarts.get(index);
          return (
            <Fragment key={`${e.framework.caseIdentifierUUID}/${e.item.caseIdentifierUUID}`}>
              {run && <p className="break-after-avoid pt-3 text-sm font-semibold text-slate-700">{run}</p>}
              <article style={{ marginLeft: `${level * 1.25}rem` }} className="break-inside-avoid">
                <Heading className={level === 0 ? 'text-lg font-semibold' : 'text-base font-semibold'}>
                  {e.item.statementCode && <bdi className="mr-2 font-mono">{e.item.statementCode}</bdi>}
                  {!e.item.statementCode && e.item.description}
                </Heading>
                {e.item.statementCode && (
                  <RichText text={e.item.description} lang={e.item.inLanguage} className="leading-relaxed" typesetAll />
                )}
                {e.item.notes && (
                  <RichText text={e.item.notes} lang={e.item.inLanguage} className="mt-1 text-sm text-slate-700" typesetAll />
                )}
                <p className="text-xs text-slate-600">
                  {[e.item.statementType, formatGrades(e.item.gradeLevel)].filter(Boolean).join(' · ')}
                </p>
                {!!e.skills?.length && (
                  <div className="mt-1 text-sm">
                    <p className="text-xs font-semibold text-slate-700">
                      Skills
                      {e.skillsDerivedThrough && (
                        <span className="font-normal">
                          {' '}
                          (derived: the skills of {e.skillsDerivedThrough.map(standardName).join(' and ')}, rated identical by the
                          crosswalk)
                        </span>
                      )}
                    </p>
                    <ul aria-label={`Skills of ${e.item.statementCode ?? 'this standard'}`} className="list-disc pl-5">
                      {e.skills.map((s) => (
                        <li key={s.identifier}>
                          <RichText text={s.description} inline typesetAll />
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </article>
            </Fragment>
          );
        })}
      </div>
      {/* Long addresses in the statements wrap: nothing scrolls sideways on a phone. */}
      <footer className="mt-10 border-t border-slate-300 pt-4 text-xs text-slate-600 [overflow-wrap:anywhere]">
        <h2 className="font-semibold">Attribution</h2>
        {attributions.map((a) => (
          <p key={a}>{a}</p>
        ))}
        <p>License: Creative Commons Attribution 4.0 International (CC BY 4.0), https://creativecommons.org/licenses/by/4.0/</p>
      </footer>
    </main>
  );
}
