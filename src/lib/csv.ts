/**
 * CSV that opens correctly in spreadsheet programs: UTF-8 with a BOM, every field
 * quoted as needed (commas, quotes, newlines), and cells that start like a formula
 * (= + - @, tab, CR) prefixed with ' so they are shown, never run.
 */
import Papa from 'papaparse';

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  const body = Papa.unparse(
    { fields: [...header], data: rows.map((r) => r.map((v) => (v === null ? '' : String(v)))) },
    { escapeFormulae: true, newline: '\r\n', quotes: false },
  );
  return `\uFEFF${body}\r\n`;
}
