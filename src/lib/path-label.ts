/**
 * How an item and its place are named in one line, on screen and in files. Kept apart from
 * the export formats so that showing a path does not load the CSV writer.
 */
import type { StandardsItem } from '../../contract/schemas';
import { toPlainText } from './plain-text';

/** An item's code, or its text where it has none (a domain, a grade). */
export const itemLabel = (i: StandardsItem) => i.statementCode ?? toPlainText(i.description) ?? '';

/** The parents as one line: " > " in files (plain ASCII for spreadsheets), " › " on screen like the breadcrumbs. */
export function pathLabel(path: readonly StandardsItem[], separator: ' > ' | ' › ' = ' > '): string {
  return path.map(itemLabel).join(separator);
}
