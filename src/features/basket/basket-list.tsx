import { shortName } from '../../lib/item-name';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { leftOutNote, withExportDetails } from '../../api/export-details';
import { useApiSource } from '../../lib/api-source';
import { describeError } from '../../lib/describe-error';
import { RichText } from '../../components/rich-text/rich-text';
import { excerpt } from '../../lib/excerpt';
import { useShowsAttribution } from '../../lib/attribution-store';
import { downloadText, exportFilename } from '../../lib/download';
import { toCsvExport, toJsonExport, type ExportEntry } from '../../lib/export-entries';
import { pathLabel } from '../../lib/path-label';
import { basket, useBasket } from '../../lib/basket-store';
import { outlineButton } from '../../components/ui/classes';

/** Back to the standard: in its framework's tree when the framework is known, else on its own page. */
function StandardLink({ entry, className, children }: { entry: ExportEntry; className: string; children: React.ReactNode }) {
  const id = entry.item.caseIdentifierUUID;
  const fw = entry.framework.caseIdentifierUUID;
  return fw ? (
    <Link to="/frameworks/$frameworkId" params={{ frameworkId: fw }} search={{ item: id }} className={className}>
      {children}
    </Link>
  ) : (
    <Link to="/items/$uuid" params={{ uuid: id }} className={className}>
      {children}
    </Link>
  );
}

/** The basket: reorder, remove, export to CSV or JSON, print. */
export function BasketList() {
  const entries = useBasket();
  const source = useApiSource();
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  useShowsAttribution(entries.map((e) => e.item.attributionStatement));
  // Exports carry each standard's connections (what it builds on, leads to, aligns with) and skills.
  const exportAs = async (format: 'csv' | 'json') => {
    setStatus('Collecting connections and skills…');
    try {
      const { entries: detailed, left, skillsLeft } = await withExportDetails(client, source, entries);
      if (format === 'csv') downloadText(toCsvExport(detailed), exportFilename('basket', 'csv'), 'text/csv;charset=utf-8');
      else downloadText(toJsonExport(detailed, 'Basket'), exportFilename('basket', 'json'), 'application/json');
      setStatus(`Exported ${entries.length} standards.${leftOutNote(left, skillsLeft)}`);
    } catch (e) {
      setStatus(`Export failed: ${describeError(e).title}. ${describeError(e).hint}`);
    }
  };
  if (entries.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-slate-600 dark:text-slate-400">
        The basket is empty. Tick standards in a framework (or press Space on a row), or use <strong>Add to basket</strong> on a standard.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={outlineButton} onClick={() => void exportAs('csv')}>
          Export CSV
        </button>
        <button type="button" className={outlineButton} onClick={() => void exportAs('json')}>
          Export JSON
        </button>
        <Link to="/print" className={`${outlineButton} inline-flex items-center`}>
          Print
        </Link>
        <button type="button" className={`${outlineButton} ml-auto`} onClick={() => basket.clear()}>
          Empty the basket
        </button>
        {status && (
          <p role="status" className="w-full text-sm text-slate-600 dark:text-slate-400">
            {status}
          </p>
        )}
      </div>
      <ol aria-label="Basket" className="space-y-2">
        {entries.map((e, i) => {
          const name = shortName(e.item);
          return (
            <li
              key={e.item.caseIdentifierUUID}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="min-w-0 flex-1">
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {[e.framework.name ?? e.item.jurisdiction, pathLabel(e.path, ' › ')].filter(Boolean).join(' › ')}
                </p>
                <p className="text-sm">
                  <StandardLink entry={e} className="mr-2 font-mono font-semibold text-blue-700 underline dark:text-blue-300">
                    <bdi>{e.item.statementCode ?? 'Open'}</bdi>
                  </StandardLink>
                  <RichText text={excerpt(e.item.description, 600)} inline lang={e.item.inLanguage} />
                </p>
              </div>
              <div className="flex shrink-0 items-start gap-1 self-end sm:self-start">
                <button
                  type="button"
                  className={outlineButton}
                  disabled={i === 0}
                  onClick={() => basket.move(e.item.caseIdentifierUUID, -1)}
                  aria-label={`Move ${name} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={outlineButton}
                  disabled={i === entries.length - 1}
                  onClick={() => basket.move(e.item.caseIdentifierUUID, 1)}
                  aria-label={`Move ${name} down`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={outlineButton}
                  onClick={() => basket.remove(e.item.caseIdentifierUUID)}
                  aria-label={`Remove ${name}`}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
