import type { ExportEntry } from '../lib/export-entries';
import { outlineButton } from './ui/classes';
import { basket, useBasket } from '../lib/basket-store';

/** Adds the item to the basket, or takes it out. */
export function BasketButton({ entry }: { entry: ExportEntry }) {
  useBasket();
  const inBasket = basket.has(entry.item.caseIdentifierUUID);
  return (
    <button
      type="button"
      aria-pressed={inBasket}
      onClick={() => basket.toggle(entry)}
      className={`${outlineButton} aria-pressed:border-blue-700 aria-pressed:bg-blue-50 aria-pressed:text-blue-900 dark:aria-pressed:bg-blue-950 dark:aria-pressed:text-blue-100`}
    >
      {inBasket ? 'In basket ✓' : 'Add to basket'}
    </button>
  );
}
