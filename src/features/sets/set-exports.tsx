import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { downloadWithDetails } from '../../api/export-details';
import { outlineButton, field } from '../../components/ui/classes';
import { useApiSource } from '../../lib/api-source';
import { groupingsIn, toCanvasOutcomesCsv, RATING_SCALES } from '../../lib/canvas-outcomes';
import { toCasePackage, type SetForCase } from '../../lib/case-package';
import { describeErrorLine } from '../../lib/describe-error';
import { downloadText } from '../../lib/download';
import type { ExportEntry } from '../../lib/export-entries';
import { describeSet } from '../../lib/set-count';
import { slug } from '../../lib/set-name';
import { shortName } from '../../lib/item-name';
import { SetMoodleExport } from './set-moodle-export';

type Format = 'csv' | 'json' | 'canvas' | 'case';

/**
 * A set's exports, each named for the set (`grade-3-fractions-unit.csv`): the spreadsheet
 * CSV and the JSON carry each standard's connections and skills; Canvas's outcomes CSV,
 * the CASE 1.1 package and Moodle's competency framework CSV are what an LMS or a CASE
 * tool imports. All work offline from
 * saved frameworks, and all carry the data's attribution.
 */
export function SetExports({ set, entries, print }: { set: SetForCase; entries: readonly ExportEntry[]; print: React.ReactNode }) {
  const source = useApiSource();
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const [scale, setScale] = useState(RATING_SCALES[0]!.id);
  const scaleId = useId();
  const base = slug(set.name);
  const run = async (format: Format) => {
    try {
      if (format === 'canvas') {
        const chosen = RATING_SCALES.find((s) => s.id === scale) ?? RATING_SCALES[0]!;
        downloadText(toCanvasOutcomesCsv(entries, chosen), `${base}-canvas-outcomes.csv`, 'text/csv;charset=utf-8');
        setStatus(`Exported ${describeSet(entries)} as Canvas outcomes.`);
        return;
      }
      if (format === 'case') {
        downloadText(JSON.stringify(toCasePackage(set, entries), null, 2), `${base}-case.json`, 'application/json');
        setStatus(`Exported ${describeSet(entries)} as a CASE 1.1 package.`);
        return;
      }
      setStatus('Collecting connections and skills…');
      const leftOut = await downloadWithDetails(client, source, entries, format, {
        title: set.name,
        note: set.note,
        filename: (ext) => `${base}.${ext}`,
      });
      setStatus(`Exported ${describeSet(entries)}.${leftOut}`);
    } catch (e) {
      setStatus(`Export failed: ${describeErrorLine(e)}`);
    }
  };
  const disabled = entries.length === 0;
  const groupings = groupingsIn(entries);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={outlineButton} disabled={disabled} onClick={() => void run('csv')}>
          Export CSV
        </button>
        <button type="button" className={outlineButton} disabled={disabled} onClick={() => void run('json')}>
          Export JSON
        </button>
        {print}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={outlineButton} disabled={disabled} onClick={() => void run('canvas')}>
          Canvas outcomes CSV
        </button>
        <label htmlFor={scaleId} className="sr-only">
          Rating scale for Canvas
        </label>
        <select id={scaleId} value={scale} onChange={(e) => setScale(e.target.value)} className={`${field} h-8 min-w-0 max-w-full text-xs`}>
          {RATING_SCALES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
        <button type="button" className={outlineButton} disabled={disabled} onClick={() => void run('case')}>
          CASE package
        </button>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Canvas gets an outcome for each standard and part, in the set’s order, under a group for its framework and domain
        {groupings.length > 0 && (
          <>
            ; {groupings.length === 1 ? 'the grouping' : `the ${groupings.length} groupings`} in the set (
            {groupings
              .slice(0, 3)
              .map((g) => shortName(g.item))
              .join(', ')}
            {groupings.length > 3 ? ', …' : ''}) {groupings.length === 1 ? 'becomes a group' : 'become groups'}, not outcomes
          </>
        )}
        . The CASE package keeps the framework’s outline and, beside it, the set’s own order.
      </p>
      <SetMoodleExport set={set} entries={entries} />
      {status && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {status}
        </p>
      )}
    </div>
  );
}

/** The print link for the set being edited. */
export function PrintSetLink({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <button type="button" className={outlineButton} disabled>
      Print
    </button>
  ) : (
    <Link to="/print" search={{ set: 'current' }} className={`${outlineButton} inline-flex items-center`}>
      Print
    </Link>
  );
}
