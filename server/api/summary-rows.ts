/**
 * Search rows answered as the contract's summaries: the word search's (with their score)
 * and the alignment's (with its grade, score and why), one parse per row.
 */
import type { StandardsItem } from '../../contract/schemas';
import { summaryOf } from '../../contract/summary';
import type { SearchRow } from '../store/standards-store';

/** Each row's summary followed by what `fields` adds to it, as one JSON array. */
export function summaryRows(rows: SearchRow[], fields: (item: StandardsItem, row: SearchRow) => object): Buffer {
  return Buffer.from(
    JSON.stringify(
      rows.map((row) => {
        const item = JSON.parse(row.json.toString('utf8')) as StandardsItem;
        return { ...summaryOf(item), ...fields(item, row) };
      }),
    ),
  );
}
