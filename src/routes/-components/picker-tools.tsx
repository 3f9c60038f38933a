import { useId, useState, type ReactNode } from 'react';
import type { SearchOrder } from '../../api/search';
import { OptionsButton, OptionsPanel } from '../../features/embed/picker-options';
import { OrderChoice } from '../../features/search/order-choice';
import { LazySearch, type LazySearchProps } from './lazy-search';

export interface PickerToolsProps {
  /** A frame too short for the tools above the results (SHORT_FRAME). */
  short: boolean;
  /** The framework's name, shown in the Options panel of a short frame (its heading is for screen readers there). */
  name: string | null;
  /** The search box, where the picker picks (not in browse-only mode). */
  search: Omit<LazySearchProps, 'order' | 'onOrderChange' | 'compact' | 'orderElsewhere' | 'preload'> | null;
  filters: ReactNode;
  /** "Collapse all": above the outline at ordinary heights, in the panel of a short frame. */
  collapse: ReactNode;
  /** "Find standards for a text": its button, and its panel once open. */
  alignToggle: ReactNode;
  alignPanel: ReactNode;
  /** Filters in force (grades, subject, type), counted on the Options button. */
  inForce: number;
}

/**
 * Everything above the results. In a short frame (an LMS dialog on a phone) the results get
 * the room: the search stays, and the framework's name, the results' order, the filters, the
 * text finder and "Collapse all" go behind one Options button. The search and the text finder's panel keep
 * their place in both layouts, so a turned phone keeps what was typed or pasted.
 */
export function PickerTools({ short, name, search, filters, collapse, alignToggle, alignPanel, inForce }: PickerToolsProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const [order, setOrder] = useState<SearchOrder>('best');
  return (
    <>
      {(search || short) && (
        <div className="flex items-start justify-end gap-2">
          {search && (
            <div className="min-w-0 flex-1">
              <LazySearch {...search} order={order} onOrderChange={setOrder} compact={short} orderElsewhere={short} />
            </div>
          )}
          {short && <OptionsButton open={open} onToggle={() => setOpen(!open)} controls={panelId} inForce={inForce} />}
        </div>
      )}
      {short ? (
        <OptionsPanel id={panelId} open={open} name={name}>
          {search && (
            <div className="flex flex-wrap items-center gap-2">
              <span aria-hidden className="text-sm font-medium text-slate-700 dark:text-slate-300">
                Order results
              </span>
              <OrderChoice order={order} onChange={setOrder} />
            </div>
          )}
          {filters}
          {alignToggle}
          {collapse}
        </OptionsPanel>
      ) : (
        alignToggle
      )}
      {alignPanel}
      {!short && filters}
    </>
  );
}
