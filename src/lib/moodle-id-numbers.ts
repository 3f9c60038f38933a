/**
 * ID numbers for Moodle competencies: unique in the file, the same for the same data on
 * every export, and readable.
 *
 * - A standard's code is its ID number where no other item of the file has the same code
 *   ("3.NF.A.1"). Where several do (high school codes repeat across courses: HSA-CED.A.1
 *   sits under seven of them), every one of them gets the start of its own CASE UUID
 *   ("HSA-CED.A.1_5ebf0c4b"): none wins by coming first, so the IDs never depend on order.
 * - An item without a code is named by the start of its text and its UUID
 *   ("Standards-for-Math-Content_c648e4a5").
 * - Where the short suffix still meets another ID, the whole UUID is used.
 *
 * "The same" is judged as Moodle's database and PHP judge it, not by exact text: MySQL's
 * usual collation ignores case and accents ("3.nf.a.1" is taken when "3.NF.A.1" is), and the
 * importer matches parents with PHP's loose `==`, under which numeric strings compare as
 * numbers (California's course standards "1.0" and "1.00" would be one competency).
 */
import type { StandardsItem } from '../../contract/schemas';
import { MOODLE_MAX_LENGTH } from './moodle-text';

/** What an ID number is built from: the item's code, its text, its UUID. */
type Named = Pick<StandardsItem, 'caseIdentifierUUID' | 'statementCode' | 'description' | 'statementType'>;

/** Room for a code or name before its suffix (an underscore and 32 hex digits at most). */
const BASE_LENGTH = 60;

/**
 * Characters an ID number keeps: letters, digits and the punctuation codes use. The rest
 * become "-": no `<` (PARAM_TEXT), no comma or `%` (the cross-references column is a
 * comma list with `%2C` for a comma), no quote or backslash (the CSV reader), no space at
 * either end (MySQL ignores trailing spaces when it compares).
 */
const UNSAFE = /[^\p{L}\p{N}.\-_()+*:/]+/gu;

const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** When two ID numbers are one for Moodle: case and accents aside, and numbers as numbers. */
export function idNumberKey(id: string): string {
  if (PHP_NUMERIC.test(id)) return `number:${Number(id)}`;
  return id
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const cleanBase = (text: string) =>
  text
    .replace(UNSAFE, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, BASE_LENGTH)
    .replace(/[-_]+$/, '');

const hex = (uuid: string) => uuid.toLowerCase().replace(/[^0-9a-f]/g, '');

/** The words an item without a code is known by: the start of its text, else its type. */
function nameBase(item: Named): string {
  const words = (item.description ?? '').replace(/[$*_\\{}]/g, ' ');
  return cleanBase(words.split(/\s+/).slice(0, 6).join(' ')) || cleanBase(item.statementType ?? '') || 'item';
}

/** A row the file adds that is not an item of the data (a framework in a set of several): its key, name and UUID. */
export interface ExtraRow {
  key: string;
  base: string;
  uuid: string;
}

/** ID numbers for the items (by CASE UUID) and the extra rows (by key). */
export function assignIdNumbers(items: readonly Named[], extra: readonly ExtraRow[] = []): Map<string, string> {
  const candidates = [
    ...items.map((item) => {
      const code = item.statementCode ? cleanBase(item.statementCode) : '';
      return { key: item.caseIdentifierUUID, base: code || nameBase(item), coded: !!code, uuid: item.caseIdentifierUUID };
    }),
    ...extra.map((e) => ({ key: e.key, base: cleanBase(e.base) || 'framework', coded: false, uuid: e.uuid })),
  ];
  const sharing = countBy(candidates.map((c) => idNumberKey(c.base)));
  // A code alone in the file stands as it is; a shared code, and every name, takes a suffix.
  let ids = candidates.map((c) => (c.coded && sharing.get(idNumberKey(c.base)) === 1 ? c.base : `${c.base}_${hex(c.uuid).slice(0, 8)}`));
  const clashes = countBy(ids.map(idNumberKey));
  ids = ids.map((id, i) => (clashes.get(idNumberKey(id))! > 1 ? `${candidates[i]!.base}_${hex(candidates[i]!.uuid)}` : id));
  const result = new Map<string, string>();
  candidates.forEach((c, i) => result.set(c.key, ids[i]!.slice(0, MOODLE_MAX_LENGTH)));
  return result;
}

function countBy(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
}
