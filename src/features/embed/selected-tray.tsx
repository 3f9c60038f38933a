import type { EmbedItem } from './embed-protocol';

export interface SelectedTrayProps {
  items: EmbedItem[];
  onRemove: (id: string) => void;
}

/** The compact list of chosen standards in multiple mode; it survives filter and view changes. */
export function SelectedTray({ items, onRemove }: SelectedTrayProps) {
  return (
    <section
      aria-label="Selected standards"
      className="rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Selected ({items.length})</h2>
      {items.length === 0 ? (
        <p className="px-1 py-1 text-sm text-slate-600 dark:text-slate-400">Nothing chosen yet: tick standards in the tree.</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li
              key={item.caseIdentifierUUID}
              className="flex max-w-full items-center gap-1 rounded-full bg-blue-50 py-0.5 pl-2.5 pr-1 text-sm text-blue-950 dark:bg-blue-950 dark:text-blue-100"
            >
              <span className="truncate" title={item.description ?? undefined}>
                {item.statementCode ?? item.description}
              </span>
              <button
                type="button"
                onClick={() => onRemove(item.caseIdentifierUUID)}
                aria-label={`Remove ${item.statementCode ?? item.description}`}
                className="flex h-5 w-5 items-center justify-center rounded-full hover:bg-blue-200 dark:hover:bg-blue-800"
              >
                <svg viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor" aria-hidden>
                  <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
