/**
 * Two frameworks side by side through their crosswalks: counts by grade and domain, one
 * table in the first framework's outline order (each standard → its matches with their
 * strength, or "only in …"), then the other side's standards nothing matched; CSV export
 * with attribution. Texts are shown in their plain form (math as `1/b`): a table of a
 * thousand rows must not typeset hundreds of formulas.
 */
import { useId, useMemo, useState } from 'react';
import { ChevronIcon } from '../../components/ui/icons';
import { COMPACT_LAYOUT, useMediaQuery } from '../../lib/use-media-query';
import type { Framework } from '../../../contract/schemas';
import { GRADE_LEVELS } from '../../../contract/schemas';
import { STRENGTH_THRESHOLDS, commonName, jaccardText, strengthWord } from '../../lib/alignment';
import { toCsv } from '../../lib/csv';
import { downloadText, exportFilename } from '../../lib/download';
import { toPlainText } from '../../lib/plain-text';
import { WordingDiff } from '../../components/wording-diff';
import {
  comparisonCsv,
  differencesFirst,
  isMatched,
  readsTheSame,
  type CompareRow,
  type Comparison,
  type GroupCount,
} from './compare-model';
import { strengthTone } from './alignment-strength';
import { ClosedPair } from './closed-pair';
import { CrosswalkSkills, SharesText } from './crosswalk-skills';

export interface CompareViewProps {
  comparison: Comparison;
  primary: Framework;
  other: Framework;
  grade: string | undefined;
  strength: number;
  onGradeChange: (grade: string | undefined) => void;
  onStrengthChange: (index: number) => void;
}

const short = (f: Framework) => commonName(f.jurisdiction) ?? f.name ?? 'this framework';
const plain = (text: string | null) => toPlainText(text) ?? '';

export function CompareView({ comparison, primary, other, grade, strength, onGradeChange, onStrengthChange }: CompareViewProps) {
  const ids = useId();
  const names = { primary: short(primary), other: short(other) };
  const matched = comparison.rows.filter(isMatched).length;
  const { skills, text } = comparison.how;
  const { differ, same } = useMemo(() => differencesFirst(comparison.rows), [comparison.rows]);
  // A pair that differs starts open beside a wide screen and closed on a phone (its one line says
  // what differs); a pair worded the same starts closed. The reader's own choice wins.
  const compact = useMediaQuery(COMPACT_LAYOUT);
  const [openRows, setOpenRows] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const isOpen = (r: CompareRow) => openRows.get(r.standard.caseIdentifierUUID) ?? (!compact && !readsTheSame(r));
  const allOpen = comparison.rows.length > 0 && comparison.rows.every(isOpen);
  const exportCsv = () => {
    const { header, rows } = comparisonCsv(comparison, names);
    downloadText(
      toCsv(header, rows),
      exportFilename(`${names.primary}-vs-${names.other}${grade ? `-grade-${grade}` : ''}`, 'csv'),
      'text/csv',
    );
  };
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-grade`}>Grade</label>
          <select
            id={`${ids}-grade`}
            value={grade ?? ''}
            onChange={(e) => onGradeChange(e.target.value || undefined)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="">All grades</option>
            {GRADE_LEVELS.map((g) => (
              <option key={g} value={g}>
                Grade {g}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-strength`}>Minimum strength</label>
          <select
            id={`${ids}-strength`}
            value={strength}
            onChange={(e) => onStrengthChange(Number(e.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
          >
            {STRENGTH_THRESHOLDS.map((t, i) => (
              <option key={t.label} value={i}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          onClick={exportCsv}
          className="rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          Export CSV
        </button>
      </div>

      <p className="text-sm" role="status">
        {comparison.rows.length} {names.primary} standards{grade ? ` in grade ${grade}` : ''}: <strong>{matched}</strong> with a{' '}
        {names.other} match, <strong>{comparison.rows.length - matched}</strong> only in {names.primary};{' '}
        <strong>{comparison.otherOnly.length}</strong> {names.other} standards not matched. Matched through the crosswalk's shared skills:{' '}
        <strong>{skills}</strong>; through identical text (where the crosswalk has no alignment, such as the practices):{' '}
        <strong>{text}</strong>.
      </p>

      <div className="grid gap-4 md:grid-cols-2">
        <Counts title="By grade" counts={comparison.byGrade} label={(g) => g} only={names.primary} />
        <Counts title="By domain (from the codes)" counts={comparison.byDomain} label={(g) => g} only={names.primary} />
      </div>

      {/* On a phone each row stacks its two standards (labelled), so no column is hidden off to the side;
          the roles are explicit because the table's display changes there. Focusable for keyboard scrolling.
          What differs comes first; a pair worded the same is one line, its text a tap away. */}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-slate-600 dark:text-slate-400">
          {differ.length} with differences first, then {same.length} worded the same.
        </p>
        <button
          type="button"
          onClick={() => setOpenRows(allOpen ? new Map() : new Map(comparison.rows.map((r) => [r.standard.caseIdentifierUUID, true])))}
          className="h-8 font-medium text-blue-700 hover:underline dark:text-blue-300"
        >
          {allOpen ? 'Close every pair' : 'Open every pair'}
        </button>
      </div>
      <div
        role="region"
        aria-label="Comparison table"
        tabIndex={0}
        // Sideways only, on a wide table: it never scrolls up and down inside the page.
        className="overflow-x-auto overflow-y-hidden rounded-xl border border-slate-200 dark:border-slate-800"
      >
        <table role="table" className="block w-full border-collapse text-sm md:table md:min-w-[40rem]">
          <caption className="sr-only">
            {primary.name} compared with {other.name}: the standards that differ first, then those worded the same, each in {names.primary}
            's outline order
          </caption>
          <thead className="hidden bg-slate-100 text-left md:table-header-group dark:bg-slate-800">
            <tr role="row">
              <th role="columnheader" scope="col" className="w-1/2 p-2">
                {names.primary} standard
              </th>
              <th role="columnheader" scope="col" className="p-2">
                {names.other} match
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup" className="block md:table-row-group">
            {[...differ, ...same].map((r) => (
              <CompareTableRow
                key={r.standard.caseIdentifierUUID}
                row={r}
                names={names}
                // Under a minimum strength a weaker match may exist: the closed row says "this strong".
                filtered={strength > 0}
                open={isOpen(r)}
                onToggle={() => setOpenRows(new Map(openRows).set(r.standard.caseIdentifierUUID, !isOpen(r)))}
              />
            ))}
          </tbody>
        </table>
      </div>

      <section aria-labelledby={`${ids}-other`} className="space-y-2">
        <h2 id={`${ids}-other`} className="text-base font-semibold">
          {names.other} standards not in {names.primary}'s framework ({comparison.otherOnly.length})
        </h2>
        {comparison.otherOnly.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Every {names.other} standard shown has a match.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {comparison.otherOnly.map((o) => (
              <li key={o.caseIdentifierUUID}>
                <bdi className="font-mono font-semibold">{o.statementCode}</bdi>{' '}
                <span className="text-slate-700 dark:text-slate-300">{plain(o.description)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Counts({ title, counts, label, only }: { title: string; counts: GroupCount[]; label: (g: string) => string; only: string }) {
  return (
    <details className="rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-800" open={title === 'By grade'}>
      <summary className="cursor-pointer font-semibold">{title}</summary>
      <table className="mt-2 w-full text-left [&_td]:pr-3 [&_th]:pr-3">
        <thead>
          <tr className="text-xs text-slate-600 dark:text-slate-400">
            <th scope="col">Group</th>
            <th scope="col">Standards</th>
            <th scope="col">With a match</th>
            <th scope="col">Only in {only}</th>
          </tr>
        </thead>
        <tbody>
          {counts.map((c) => (
            <tr key={c.group}>
              <th scope="row" className="font-normal">
                {label(c.group)}
              </th>
              <td>{c.standards}</td>
              <td>{c.matched}</td>
              <td>{c.standards - c.matched}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

const code = (c: string | null) => <bdi className="font-mono font-semibold">{c}</bdi>;

/**
 * One standard and its matches. Closed, it is its code (a button that opens it) and what it
 * compares with: each match's code, strength and wording ("4.G.A.1 · Identical skills ·
 * Same wording"), or "No Common Core match". Open, both texts, the marked differences and
 * the shared skills.
 */
function CompareTableRow({
  row: r,
  names,
  filtered,
  open,
  onToggle,
}: {
  row: CompareRow;
  names: { primary: string; other: string };
  filtered: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const bodyId = useId();
  const toggle = (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={bodyId}
      onClick={onToggle}
      className="-my-1 inline-flex min-h-8 items-center gap-1 rounded text-left hover:underline"
    >
      <ChevronIcon open={open} />
      {code(r.standard.statementCode)}
    </button>
  );
  const rowClass = 'border-t border-slate-200 align-top first:border-t-0 md:table-row md:first:border-t dark:border-slate-800';
  if (!open)
    // One line where it fits; on a phone the matches wrap under the code, between their parts.
    return (
      <tr role="row" className={`flex flex-wrap items-baseline gap-x-2 px-2 py-1.5 md:px-0 md:py-0 ${rowClass}`}>
        <td role="cell" className="md:table-cell md:p-2">
          {toggle}{' '}
        </td>
        {/* Small type on the cell itself: a line of the cell's own size would make the row taller than its text. */}
        <td role="cell" className="min-w-0 text-xs md:table-cell md:p-2 md:pt-3">
          <span id={bodyId}>
            {isMatched(r) ? (
              <>
                {/* The column's heading is not shown on a phone: the cell says it to a screen reader. */}
                <span className="sr-only md:hidden">{names.other} match: </span>
                <ClosedPair row={r} />
              </>
            ) : (
              <OnlyIn name={names.primary} none={`${names.other} match${filtered ? ' this strong' : ''}`} />
            )}
          </span>
        </td>
      </tr>
    );
  return (
    <tr role="row" className={`block ${rowClass}`}>
      <td role="cell" className="block p-2 md:table-cell">
        {toggle}{' '}
        <span id={bodyId} className="text-slate-700 dark:text-slate-300">
          {plain(r.standard.description)}
        </span>
      </td>
      <td role="cell" className="block p-2 pt-0 md:table-cell md:pt-2">
        <span className="mb-1 block text-xs font-semibold text-slate-600 md:hidden dark:text-slate-400">{names.other} match</span>
        {!isMatched(r) ? (
          <OnlyIn name={names.primary} />
        ) : (
          <ul className="space-y-2">
            {r.matches.map((m) => (
              <li key={m.caseIdentifierUUID}>
                {code(m.statementCode)}{' '}
                <span className={`text-xs font-semibold ${strengthTone(strengthWord(m.jaccard))}`}>{strengthWord(m.jaccard)}</span>{' '}
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  · {jaccardText(m.jaccard)} · <SharesText from={r.standard} to={m} alignment={m} />
                </span>
                <WordingDiff
                  from={r.standard.description}
                  to={m.description}
                  fromName={names.primary}
                  toName={names.other}
                  className="mt-0.5"
                  withText
                />
                <CrosswalkSkills from={r.standard} to={m} alignment={m} />
              </li>
            ))}
            {r.sameText.map((o) => (
              <li key={o.caseIdentifierUUID}>
                {code(o.statementCode)} <span className="text-xs font-semibold text-emerald-800 dark:text-emerald-300">Identical text</span>{' '}
                <span className="text-xs text-slate-600 dark:text-slate-400">· not aligned in the crosswalk</span>
                <div className="text-slate-700 dark:text-slate-300">{plain(o.description)}</div>
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

/**
 * Without a match: a closed row says plainly what it has none of (`none`: "Common Core
 * match" gives "No Common Core match"); an open row's column says "Only in California".
 */
function OnlyIn({ name, none }: { name: string; none?: string }) {
  return (
    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
      {none ? `No ${none}` : `Only in ${name}`}
    </span>
  );
}
