import { useEffect } from 'react';
import { dismissLastChange, undoLastChange, useLastChange } from '../lib/sets-store';

const SHOWN_MS = 12_000;

/**
 * Says what the last change to the sets did, with Undo, for a few seconds at the bottom of
 * the screen (a screen reader hears it once). Every add, remove, move, rename and delete
 * can be taken back.
 */
export function UndoBar() {
  const change = useLastChange();
  const serial = change?.serial;
  useEffect(() => {
    if (serial === undefined) return;
    const timer = setTimeout(() => dismissLastChange(), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [serial]);
  return (
    // A live region present from the start (one added with its text is often not read out);
    // no role of its own, so it is not taken for the page's status line.
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-3 z-40 flex justify-center px-3 print:hidden">
      {change && (
        <div className="pointer-events-auto flex max-w-xl items-center gap-3 rounded-lg bg-slate-900 px-4 py-2 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
          <span className="min-w-0 [overflow-wrap:anywhere]">{change.message}</span>
          <button
            type="button"
            onClick={() => undoLastChange()}
            className="shrink-0 rounded px-2 py-1 font-semibold text-blue-200 underline hover:bg-slate-700 dark:text-blue-800 dark:hover:bg-slate-300"
          >
            Undo
          </button>
          <button
            type="button"
            onClick={() => dismissLastChange()}
            aria-label="Dismiss"
            className="shrink-0 rounded px-1.5 py-1 hover:bg-slate-700 dark:hover:bg-slate-300"
          >
            ✕
          </button>
        </div>
      )}
    </div>
  );
}
