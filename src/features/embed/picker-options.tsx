import type { ReactNode } from 'react';

export interface OptionsButtonProps {
  open: boolean;
  onToggle: () => void;
  /** The id of the panel it opens. */
  controls: string;
  /** Filters in force (grades, subject, type): what the results leave out is never silent, even folded away. */
  inForce: number;
}

/** The one control a short frame keeps beside the search: it opens everything else the picker offers. */
export function OptionsButton({ open, onToggle, controls, inForce }: OptionsButtonProps) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:border-blue-500 aria-expanded:border-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:aria-expanded:border-blue-400"
    >
      Options
      {inForce > 0 && (
        <span className="rounded-full bg-blue-700 px-1.5 text-xs font-semibold text-white">
          {inForce}
          <span className="sr-only"> {inForce === 1 ? 'filter' : 'filters'} in use</span>
        </span>
      )}
      <span aria-hidden="true" className={`inline-block text-xs transition-transform ${open ? 'rotate-180' : ''}`}>
        ▾
      </span>
    </button>
  );
}

export interface OptionsPanelProps {
  id: string;
  open: boolean;
  /** The framework's name: the short frame's heading is read by screen readers only, so the panel shows it. */
  name: string | null;
  children: ReactNode;
}

/** What the Options button folds away, in the page's flow under it (the results follow, and scroll with the page). */
export function OptionsPanel({ id, open, name, children }: OptionsPanelProps) {
  return (
    <div
      id={id}
      hidden={!open}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900"
    >
      {name && <p className="text-sm font-semibold leading-snug">{name}</p>}
      {children}
    </div>
  );
}
