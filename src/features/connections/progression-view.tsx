/**
 * A standard's learning progression by grade: what it builds on to the left, where it
 * leads to the right, several steps deep, arrows between, related standards marked. A
 * standard's code re-centres the view on it. The same progression follows as a list by
 * grade, for keyboard and screen-reader users and for print.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect, useState } from 'react';
import { GRADE_LEVELS, type GradeLevel } from '../../../contract/natural-sort';
import { setEntries } from '../../api/set-entries';
import { AddAllToSet } from '../../components/add-all-to-set';
import { useApiSource } from '../../lib/api-source';
import { ALL_STEPS, progressionStandards, type Progression, type ProgressionNode, type ProgressionWalk } from '../../lib/progression';
import { TextWhenSeen } from '../../components/rich-text/text-when-seen';
import { excerpt } from '../../lib/excerpt';
import { formatGrades } from '../../lib/format';
import { ProgressionArrows } from './progression-arrows';
import { gradeColumns, neighbours } from './progression-layout';
import { ConnectionLink } from './connection-link';
import { ProgressionLink } from './progression-link';

/** Steps each way a person can choose; the last is "All" (within the grade range). */
export const DEPTHS = [1, 2, 3, 4, ALL_STEPS] as const;
const depthLabel = (d: number) => (d === ALL_STEPS ? 'All' : String(d));
/** Grades a range can start or end at (what the progressions span). */
const RANGE_GRADES = GRADE_LEVELS.filter((g) => g !== 'PK');
const select = 'rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900';

export interface ProgressionViewProps {
  progression: Progression;
  walk: ProgressionWalk;
  onWalkChange: (change: Partial<ProgressionWalk>) => void;
  subject: string | null;
  /** The state whose standards a derived progression is read in (its cards name what is Common Core). */
  state?: string | null;
}

export function ProgressionView({ progression, walk, onWalkChange, subject, state }: ProgressionViewProps) {
  const columns = gradeColumns(progression, walk);
  const related = new Set(progression.related.map((r) => r.caseIdentifierUUID));
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const overflow = useOverflow(container);
  const ids = useId();
  const before = [...progression.nodes.values()].filter((n) => n.step < 0).length;
  const after = [...progression.nodes.values()].filter((n) => n.step > 0).length;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm print:hidden">
        <label htmlFor={`${ids}-depth`} className="flex items-center gap-2">
          Steps each way
          <select
            id={`${ids}-depth`}
            value={walk.depth}
            onChange={(e) => onWalkChange({ depth: Number(e.target.value) })}
            className={select}
          >
            {DEPTHS.map((d) => (
              <option key={d} value={d}>
                {depthLabel(d)}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex items-center gap-2">
          <legend className="float-left mr-2">Grades</legend>
          <GradeBound id={`${ids}-from`} label="From grade" value={walk.from} onChange={(from) => onWalkChange({ from })} />
          <span aria-hidden="true">to</span>
          <GradeBound id={`${ids}-to`} label="To grade" value={walk.to} onChange={(to) => onWalkChange({ to })} />
        </fieldset>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={!!walk.branches} onChange={(e) => onWalkChange({ branches: e.target.checked || undefined })} />
          Other branches
        </label>
        <button type="button" onClick={() => print()} className="rounded-md border border-slate-300 px-2 py-1 dark:border-slate-600">
          Print
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <p role="status" className="text-slate-600 dark:text-slate-400">
          {before} standard{before === 1 ? '' : 's'} before, {after} after
          {progression.related.length > 0 && `, ${progression.related.length} related`}
          {!walk.branches &&
            (progression.leftOut > 0
              ? ` · the chain through ${progression.nodes.get(progression.centre)?.standard.statementCode ?? 'it'}: ${progression.leftOut} standard${progression.leftOut === 1 ? '' : 's'} on other branches left out`
              : ' · the chain through it, nothing left out')}
        </p>
        <AddShownToSet progression={progression} />
      </div>

      {overflow && (
        <p className="text-sm text-slate-600 print:hidden dark:text-slate-400">
          More grades to the side: scroll the diagram sideways (or use the list below) <span aria-hidden="true">→</span>
        </p>
      )}
      <div
        role="region"
        aria-label="Progression diagram"
        tabIndex={overflow ? 0 : undefined}
        className={`relative overflow-x-auto overflow-y-hidden rounded-xl border border-slate-200 bg-slate-50 p-3 print:hidden dark:border-slate-800 dark:bg-slate-950 ${
          overflow ? 'shadow-[inset_-12px_0_10px_-10px_rgba(15,23,42,0.35)]' : ''
        }`}
        ref={setContainer}
      >
        <div className="hidden md:block">
          <ProgressionArrows container={container} edges={progression.edges} />
        </div>
        {/* Columns side by side from md up (as many as fit, then scrolling, said above); on a phone one grade under the other. */}
        <div
          className="relative flex flex-col gap-5 md:grid md:gap-6"
          style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(10rem, 1fr))` }}
        >
          {columns.map((c) => (
            <section key={c.grade} aria-label={c.grade === 'Ungraded' ? 'No grade' : `Grade ${c.grade}`} className="min-w-0 space-y-3">
              <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                {c.grade === 'Ungraded' ? 'No grade' : `Grade ${c.grade}`}
              </h2>
              {c.nodes.map((n) => (
                <ProgressionCard
                  key={n.standard.caseIdentifierUUID}
                  node={n}
                  progression={progression}
                  related={related.has(n.standard.caseIdentifierUUID)}
                  subject={subject}
                  state={state}
                />
              ))}
            </section>
          ))}
        </div>
      </div>

      {progression.related.length > 0 && (
        <section aria-labelledby={`${ids}-related`} className="space-y-2">
          <h2 id={`${ids}-related`} className="text-sm font-semibold">
            Related to {progression.nodes.get(progression.centre)?.standard.statementCode} (no order implied)
          </h2>
          <ul className="flex flex-wrap gap-2">
            {progression.related.map((r) => (
              <li key={r.caseIdentifierUUID}>
                <ProgressionLink
                  uuid={r.caseIdentifierUUID}
                  className="inline-block rounded-md border border-violet-300 bg-violet-50 px-2 py-1 text-sm text-violet-900 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-100"
                >
                  <bdi className="font-mono font-semibold">{r.statementCode}</bdi>
                </ProgressionLink>
              </li>
            ))}
          </ul>
        </section>
      )}

      <ProgressionList progression={progression} walk={walk} />

      {progression.attributions.map((a) => (
        <p key={a} className="text-xs text-slate-600 dark:text-slate-400">
          {a}
        </p>
      ))}
    </div>
  );
}

/** One end of the grade range: a grade, or any. */
function GradeBound({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: GradeLevel | undefined;
  onChange: (grade: GradeLevel | undefined) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as GradeLevel | undefined)}
        className={select}
      >
        <option value="">Any</option>
        {RANGE_GRADES.map((g) => (
          <option key={g} value={g}>
            {g}
          </option>
        ))}
      </select>
    </>
  );
}

/** Whether the element is wider than it shows (so a person is told it scrolls). */
function useOverflow(el: HTMLElement | null) {
  const [overflow, setOverflow] = useState(false);
  useLayoutEffect(() => {
    if (!el) return;
    const measure = () => setOverflow(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.lastElementChild!);
    return () => observer.disconnect();
  }, [el]);
  return overflow;
}

/** Adds every standard shown (in step order) to the set being edited. */
function AddShownToSet({ progression }: { progression: Progression }) {
  const source = useApiSource();
  const client = useQueryClient();
  const standards = progressionStandards(progression).filter((n) => !n.unmatched);
  return (
    <AddAllToSet
      label={`Add these ${standards.length} to the set`}
      load={() =>
        setEntries(
          client,
          source,
          standards.map((n) => n.standard),
        )
      }
    />
  );
}

function ProgressionCard({
  node,
  progression,
  related,
  subject,
  state,
}: {
  node: ProgressionNode;
  progression: Progression;
  related: boolean;
  subject: string | null;
  state?: string | null;
}) {
  const centre = node.step === 0;
  const { buildsOn, leadsTo } = neighbours(progression, node.standard.caseIdentifierUUID);
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
          <ProgressionLink
            uuid={node.standard.caseIdentifierUUID}
            className="font-mono font-semibold text-blue-700 underline dark:text-blue-300"
            label={`${node.standard.statementCode ?? 'Standard'}: centre the progression on it`}
          >
            <bdi>{node.standard.statementCode ?? 'Standard'}</bdi>
          </ProgressionLink>
        )}
        <span className="text-xs text-slate-600 dark:text-slate-400">{where}</span>
        {related && (
          <span className="rounded bg-violet-100 px-1 text-xs text-violet-900 dark:bg-violet-900 dark:text-violet-100">related</span>
        )}
      </div>
      {node.unmatched && (
        <p className="mt-1 rounded bg-amber-100 px-1 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">
          Common Core: no {state ?? 'state'} standard is rated identical
        </p>
      )}
      <TextWhenSeen text={excerpt(node.standard.description, 160)} className="mt-1 line-clamp-3 text-slate-700 dark:text-slate-300" />
      {/* On a phone the diagram has no arrows: each card says what it connects to. */}
      {(buildsOn.length > 0 || leadsTo.length > 0) && (
        <p className="mt-1 text-xs text-slate-600 md:hidden dark:text-slate-400">
          {buildsOn.length > 0 && `Builds on ${buildsOn.join(', ')}`}
          {buildsOn.length > 0 && leadsTo.length > 0 && ' · '}
          {leadsTo.length > 0 && `Leads to ${leadsTo.join(', ')}`}
        </p>
      )}
      <p className="mt-1 text-xs">
        <ConnectionLink
          standard={node.standard}
          subject={subject}
          offline="note"
          className="inline-flex items-center text-blue-700 underline dark:text-blue-300"
        >
          Open in its framework
        </ConnectionLink>
      </p>
    </article>
  );
}

/** The same progression, by grade, as text: each standard with what it builds on and leads to. */
function ProgressionList({ progression, walk }: { progression: Progression; walk: ProgressionWalk }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-base font-semibold">
        The progression as a list
      </h2>
      {gradeColumns(progression, walk).map((c) => (
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
                    <ProgressionLink uuid={n.standard.caseIdentifierUUID} className="text-blue-700 underline dark:text-blue-300">
                      <bdi>{n.standard.statementCode}</bdi>
                    </ProgressionLink>
                  )}
                  {n.unmatched && ' (Common Core)'}
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
