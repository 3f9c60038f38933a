import { itemName, shortName } from '../../lib/item-name';
import type { EmbedItem } from './embed-protocol';
import { CloseIcon } from '../../components/ui/icons';

export interface SelectedTrayProps {
  items: EmbedItem[];
  /** "3 standards (6 parts)", once known. */
  count: string | null;
  onRemove: (id: string) => void;
}

/** The compact list of chosen standards in multiple mode; it survives filter and view changes. */
export function SelectedTray({ items, count, onRemove }: SelectedTrayProps) {
  return (
    <section
      aria-label="Selected standards"
      className="rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        Selected: {items.length ? (count ?? `${items.length} chosen`) : '0 standards'}
      </h2>
      {items.length === 0 ? (
        <p className="px-1 py-1 text-sm text-slate-600 dark:text-slate-400">
          Nothing chosen yet: pick standards in the tree, or search for them above.
        </p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li
              key={item.caseIdentifierUUID}
              className="flex max-w-full items-center gap-1 rounded-full bg-blue-50 py-0.5 pl-2.5 pr-1 text-sm text-blue-950 dark:bg-blue-950 dark:text-blue-100"
            >
              <span className="truncate" title={itemName(item)}>
                <bdi>{item.statementCode ?? item.description}</bdi>
              </span>
              <button
                type="button"
                onClick={() => onRemove(item.caseIdentifierUUID)}
                aria-label={`Remove ${shortName(item)}`}
                className="flex h-5 w-5 items-center justify-center rounded-full hover:bg-blue-200 dark:hover:bg-blue-800"
              >
                <CloseIcon className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
