/**
 * CSV that opens correctly in spreadsheet programs: UTF-8 with a BOM, every field
 * quoted as needed (commas, quotes, newlines), and cells that start like a formula
 * (= + - @, their full-width forms, tab, CR, LF) prefixed with ' so they are shown,
 * never run.
 */
import Papa from 'papaparse';

const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * `forSpreadsheets: false` is for files another program imports (Canvas's outcomes CSV):
 * no BOM, and text kept exactly as it is.
 */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
  { forSpreadsheets = true }: { forSpreadsheets?: boolean } = {},
): string {
  const body = Papa.unparse(
    { fields: [...header], data: rows.map((r) => r.map((v) => (v === null ? '' : String(v)))) },
    // Anchored at the cell's start only: papaparse's own pattern (`^…$` without the
    // s flag) misses a formula followed by a line break.
    { escapeFormulae: forSpreadsheets ? FORMULA_START : false, newline: '\r\n', quotes: false },
  );
  return `${forSpreadsheets ? '\uFEFF' : ''}${body}\r\n`;
}
