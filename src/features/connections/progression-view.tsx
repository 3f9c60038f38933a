/**
 * A standard's learning progression by grade: what it builds on to the left, where it
 * leads to the right, several steps deep, arrows between, related standards marked. A
 * standard's code re-centres the view on it. The same progression follows as a list by
 * grade, for keyboard and screen-reader users and for print.
 */
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Progression, ProgressionNode } from '../../api/connections';
import { RichText } from '../../components/rich-text/rich-text';
import { excerpt } from '../../lib/excerpt';
import { formatGrades } from '../../lib/format';
import { ProgressionArrows } from './progression-arrows';
import { gradeColumns, neighbours } from './progression-layout';
import { ConnectionLink } from './connection-link';

export const DEPTHS = [1, 2, 3, 4] as const;

export interface ProgressionViewProps {
  progression: Progression;
  depth: number;
  onDepthChange: (depth: number) => void;
  subject: string | null;
}

export function ProgressionView({ progression, depth, onDepthChange, subject }: ProgressionViewProps) {
  const columns = gradeColumns(progression);
  const related = new Set(progression.related.map((r) => r.caseIdentifierUUID));
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const depthId = useId();
  const before = [...progression.nodes.values()].filter((n) => n.step < 0).length;
  const after = [...progression.nodes.values()].filter((n) => n.step > 0).length;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm print:hidden">
        <label htmlFor={depthId} className="flex items-center gap-2">
          Steps each way
          <select
            id={depthId}
            value={depth}
            onChange={(e) => onDepthChange(Number(e.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          >
            {DEPTHS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
        <p className="text-slate-600 dark:text-slate-400">
          {before} standard{before === 1 ? '' : 's'} before, {after} after
          {progression.related.length > 0 && `, ${progression.related.length} related`}
        </p>
        <button type="button" onClick={() => print()} className="rounded-md border border-slate-300 px-2 py-1 dark:border-slate-600">
          Print
        </button>
      </div>

      <div
        className="relative overflow-x-auto rounded-xl border border-slate-200 bg-slate-50 p-3 print:hidden dark:border-slate-800 dark:bg-slate-950"
        ref={setContainer}
      >
        <ProgressionArrows container={container} edges={progression.edges} />
        <div className="relative flex min-w-max gap-10">
          {columns.map((c) => (
            <section
              key={c.grade}
              aria-label={c.grade === 'Ungraded' ? 'No grade' : `Grade ${c.grade}`}
              className="w-56 shrink-0 space-y-3"
            >
              <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                {c.grade === 'Ungraded' ? 'No grade' : `Grade ${c.grade}`}
              </h2>
              {c.nodes.map((n) => (
                <ProgressionCard
                  key={n.standard.caseIdentifierUUID}
                  node={n}
                  depth={depth}
                  related={related.has(n.standard.caseIdentifierUUID)}
                  subject={subject}
                />
              ))}
            </section>
          ))}
        </div>
      </div>

      {progression.related.length > 0 && (
        <section aria-labelledby={`${depthId}-related`} className="space-y-2">
          <h2 id={`${depthId}-related`} className="text-sm font-semibold">
            Related to {progression.nodes.get(progression.centre)?.standard.statementCode} (no order implied)
          </h2>
          <ul className="flex flex-wrap gap-2">
            {progression.related.map((r) => (
              <li key={r.caseIdentifierUUID}>
                <Link
                  to="/progressions/$uuid"
                  params={{ uuid: r.caseIdentifierUUID }}
                  search={{ depth }}
                  className="inline-block rounded-md border border-violet-300 bg-violet-50 px-2 py-1 text-sm text-violet-900 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-100"
                >
                  <bdi className="font-mono font-semibold">{r.statementCode}</bdi>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <ProgressionList progression={progression} depth={depth} />

      {progression.attributions.map((a) => (
        <p key={a} className="text-xs text-slate-600 dark:text-slate-400">
          {a}
        </p>
      ))}
    </div>
  );
}

function ProgressionCard({
  node,
  depth,
  related,
  subject,
}: {
  node: ProgressionNode;
  depth: number;
  related: boolean;
  subject: string | null;
}) {
  const centre = node.step === 0;
  const where =
    node.step < 0
      ? `${-node.step} step${node.step === -1 ? '' : 's'} before`
      : node.step > 0
        ? `${node.step} step${node.step === 1 ? '' : 's'} after`
        : 'this standard';
  return (
    <article
      data-node={node.standard.caseIdentifierUUID}
      className={`relative z-10 rounded-lg border bg-white p-2 text-sm shadow-sm break-inside-avoid dark:bg-slate-900 ${
        centre ? 'border-blue-600 ring-2 ring-blue-600 dark:border-blue-400 dark:ring-blue-400' : 'border-slate-200 dark:border-slate-700'
      }`}
    >
      <div className="flex flex-wrap items-center gap-x-2">
        {centre ? (
          <bdi className="font-mono font-semibold">{node.standard.statementCode}</bdi>
        ) : (
          <Link
            to="/progressions/$uuid"
            params={{ uuid: node.standard.caseIdentifierUUID }}
            search={{ depth }}
            className="font-mono font-semibold text-blue-700 underline dark:text-blue-300"
            aria-label={`${node.standard.statementCode ?? 'Standard'}: centre the progression on it`}
          >
            <bdi>{node.standard.statementCode ?? 'Standard'}</bdi>
          </Link>
        )}
        <span className="text-xs text-slate-600 dark:text-slate-400">{where}</span>
        {related && (
          <span className="rounded bg-violet-100 px-1 text-xs text-violet-900 dark:bg-violet-900 dark:text-violet-100">related</span>
        )}
      </div>
      <RichText text={excerpt(node.standard.description, 160)} inline className="mt-1 line-clamp-3 text-slate-700 dark:text-slate-300" />
      <p className="mt-1 text-xs">
        <ConnectionLink standard={node.standard} subject={subject} className="text-blue-700 underline dark:text-blue-300">
          Open in its framework
        </ConnectionLink>
      </p>
    </article>
  );
}

/** The same progression, by grade, as text: each standard with what it builds on and leads to. */
function ProgressionList({ progression, depth }: { progression: Progression; depth: number }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-base font-semibold">
        The progression as a list
      </h2>
      {gradeColumns(progression).map((c) => (
        <div key={c.grade}>
          <h3 className="text-sm font-semibold">{c.grade === 'Ungraded' ? 'No grade' : `Grade ${c.grade}`}</h3>
          <ul className="ml-4 list-disc space-y-1 text-sm">
            {c.nodes.map((n) => {
              const { buildsOn, leadsTo } = neighbours(progression, n.standard.caseIdentifierUUID);
              return (
                <li key={n.standard.caseIdentifierUUID}>
                  {n.step === 0 ? (
                    <strong>
                      <bdi>{n.standard.statementCode}</bdi> (this standard)
                    </strong>
                  ) : (
                    <Link
                      to="/progressions/$uuid"
                      params={{ uuid: n.standard.caseIdentifierUUID }}
                      search={{ depth }}
                      className="text-blue-700 underline dark:text-blue-300"
                    >
                      <bdi>{n.standard.statementCode}</bdi>
                    </Link>
                  )}
                  {n.grades && n.grades.length > 1 && ` (${formatGrades(n.grades)})`}
                  {buildsOn.length > 0 && ` · builds on ${buildsOn.join(', ')}`}
                  {leadsTo.length > 0 && ` · leads to ${leadsTo.join(', ')}`}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
