import { useId } from 'react';
import type { SearchOrder } from '../../api/search';

export interface OrderChoiceProps {
  order: SearchOrder;
  onChange: (order: SearchOrder) => void;
  /** A code search lists codes in outline order whatever is chosen. */
  disabled?: boolean;
}

const CHOICES: Array<{ value: SearchOrder; label: string }> = [
  { value: 'best', label: 'Best match' },
  { value: 'outline', label: 'Outline order' },
];

/** How word results are ordered: a pair of radio buttons drawn as one segmented control. */
export function OrderChoice({ order, onChange, disabled }: OrderChoiceProps) {
  const name = useId();
  return (
    <fieldset
      disabled={disabled}
      className="inline-flex shrink-0 overflow-hidden rounded-md border border-slate-300 text-sm disabled:opacity-60 dark:border-slate-600"
    >
      <legend className="sr-only">Order results by</legend>
      {CHOICES.map((c) => (
        <label
          key={c.value}
          className="cursor-pointer px-2.5 py-1 not-first:border-l not-first:border-slate-300 has-checked:bg-blue-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-blue-600 dark:not-first:border-slate-600 dark:has-checked:bg-blue-500 dark:has-checked:text-slate-950"
        >
          <input
            type="radio"
            name={name}
            value={c.value}
            checked={order === c.value}
            onChange={() => onChange(c.value)}
            className="sr-only"
          />
          {c.label}
        </label>
      ))}
    </fieldset>
  );
}
