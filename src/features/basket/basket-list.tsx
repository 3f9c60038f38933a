import { Link } from '@tanstack/react-router';
import { RichText } from '../../components/rich-text/rich-text';
import { useShowsAttribution } from '../attribution/attribution-store';
import { downloadText, exportFilename } from '../export/download';
import { pathLabel, toCsvExport, toJsonExport } from '../export/export-entries';
import { basket, useBasket } from './basket-store';
import { outlineButton } from '../../components/ui/classes';

/** The basket: reorder, remove, export to CSV or JSON, print. */
export function BasketList() {
  const entries = useBasket();
  useShowsAttribution(entries.map((e) => e.item.attributionStatement));
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
        <button
          type="button"
          className={outlineButton}
          onClick={() => downloadText(toCsvExport(entries), exportFilename('basket', 'csv'), 'text/csv;charset=utf-8')}
        >
          Export CSV
        </button>
        <button
          type="button"
          className={outlineButton}
          onClick={() => downloadText(toJsonExport(entries, 'Basket'), exportFilename('basket', 'json'), 'application/json')}
        >
          Export JSON
        </button>
        <Link to="/print" className={`${outlineButton} inline-flex items-center`}>
          Print
        </Link>
        <button type="button" className={`${outlineButton} ml-auto`} onClick={() => basket.clear()}>
          Empty the basket
        </button>
      </div>
      <ol aria-label="Basket" className="space-y-2">
        {entries.map((e, i) => {
          const name = e.item.statementCode ?? e.item.description ?? 'item';
          return (
            <li
              key={e.item.caseIdentifierUUID}
              className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="min-w-0 flex-1">
                <p className="text-xs text-slate-500">
                  {[e.framework.name ?? e.item.jurisdiction, pathLabel(e.path, ' › ')].filter(Boolean).join(' › ')}
                </p>
                <p className="text-sm">
                  {e.item.statementCode && <span className="mr-2 font-mono font-semibold">{e.item.statementCode}</span>}
                  <RichText text={e.item.description} inline />
                </p>
              </div>
              <div className="flex shrink-0 items-start gap-1">
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
