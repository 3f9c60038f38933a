/**
 * CSV that opens correctly in spreadsheet programs: UTF-8 with a BOM, every field
 * quoted as needed (commas, quotes, newlines), and cells that start like a formula
 * (= + - @, their full-width forms, tab, CR, LF) prefixed with ' so they are shown,
 * never run.
 */
import Papa from 'papaparse';

const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  const body = Papa.unparse(
    { fields: [...header], data: rows.map((r) => r.map((v) => (v === null ? '' : String(v)))) },
    // Anchored at the cell's start only: papaparse's own pattern (`^…$` without the
    // s flag) misses a formula followed by a line break.
    { escapeFormulae: FORMULA_START, newline: '\r\n', quotes: false },
  );
  return `\uFEFF${body}\r\n`;
}
