/**
 * What assistive technology announces for an item: its code and text as plain words, the
 * math the app already spells out for copies (`1/b`, `x²`), never raw TeX or tags.
 */
import { excerpt } from './excerpt';
import { toPlainText } from './plain-text';

interface Named {
  statementCode: string | null;
  description: string | null;
}

/** The code first when there is one, then (the start of) the text. */
export function itemName(item: Named, max = 300): string {
  return [item.statementCode, toPlainText(excerpt(item.description, max))].filter(Boolean).join(' ');
}

/** A short handle for buttons about the item ("Remove 3.NF.A.1"): its code, else the start of its text. */
export function shortName(item: Named): string {
  return item.statementCode || toPlainText(excerpt(item.description, 60)) || 'this item';
}
