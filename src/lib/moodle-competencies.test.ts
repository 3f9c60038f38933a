/**
 * The Moodle file's rules on hard input, starting from real standards (read from the real
 * local API) whose texts and codes are then made hostile: quotes, commas and line breaks,
 * markup, backslashes before quotes, right-to-left and very long texts, codes that Moodle
 * would take for one another (case, accents, numbers), headings without codes. Every file
 * must be one Moodle imports whole; and the rules' check must catch what Moodle refuses.
 */
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StandardsItem } from '../../contract/schemas';
import { checkMoodleCompetencies, readMoodleFile } from '../../server/test-support/moodle-rules';
import { CA_MATH, openApi, REAL_DATA } from '../../server/test-support/real-api';
import type { ExportEntry } from './export-entries';
import { toMoodleCompetencies, type MoodleFrameworkFacts } from './moodle-competencies';
import { assignIdNumbers, idNumberKey } from './moodle-id-numbers';
import { taxonomiesByLevel } from './moodle-taxonomy';
import { directionOf, fitTo, shortNameText } from './moodle-text';

const CA_3NFA1 = '5ebef26f-d7cc-11e8-824f-0242ac160002';
const CA_3NFA2 = '5ec017fa-d7cc-11e8-824f-0242ac160002';
const FACTS: MoodleFrameworkFacts = {
  idNumber: 'standards-set_test',
  shortName: 'A “unit”, with <b>markup</b>',
  about: ['A note\nover two lines'],
};
const FRAMEWORK = { caseIdentifierUUID: CA_MATH, name: 'California Common Core State Standards - Mathematics' };

let real: (id: string) => Promise<ExportEntry>;
beforeAll(async () => {
  const api = await openApi(REAL_DATA);
  real = async (id) => ({
    item: (await api.get(`/api/v0/academic-standards/${id}`)).body as StandardsItem,
    path: (await api.get(`/api/v0/academic-standards/${id}/ancestors`)).body.data as StandardsItem[],
    framework: FRAMEWORK,
  });
});

const withItem = (e: ExportEntry, change: Partial<StandardsItem>): ExportEntry => ({ ...e, item: { ...e.item, ...change } });
const cells = (csv: string) => readMoodleFile(csv).rows;

describe('a Moodle file from hostile texts', () => {
  it('keeps quotes, commas, line breaks, markup and backslashes inside their cells, and as text', async () => {
    const base = await real(CA_3NFA1);
    const hostile = withItem(base, {
      statementCode: '3.NF.A.1',
      description: 'He said "a, b"\nthen <script>alert(1)</script> and x<5, y>3 \\" and a trailing \\',
    });
    const { csv } = toMoodleCompetencies(FACTS, [hostile]);
    expect(checkMoodleCompetencies(csv)).toEqual([]);
    // Every row has Moodle's fourteen cells, however many lines its text spans.
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed.every((r) => r.length === 14)).toBe(true);
    const row = cells(csv).at(-1)!;
    expect(row[3]).toContain('He said &quot;a, b&quot;<br>then &lt;script&gt;alert(1)&lt;/script&gt; and x&lt;5, y&gt;3 &#92;&quot;');
    expect(row[3]).not.toContain('\\');
    // The short name: one line, every `<` kept as text (a space after it, as strip_tags needs).
    expect(row[2]).toBe('3.NF.A.1 He said "a, b" then < script>alert(1)< /script> and x< 5, y>3 ⧵" and a trailing ⧵');
    // The framework's own name and note, escaped too.
    const framework = cells(csv)[0]!;
    expect(framework[2]).toBe('A “unit”, with < b>markup< /b>');
    expect(framework[3]).toContain('<p>A note<br>over two lines</p>');
  });

  it('cuts very long texts and codes within 100 characters, and reads right-to-left text from the right', async () => {
    const base = await real(CA_3NFA1);
    const long = withItem(base, { statementCode: `K.${'LONG'.repeat(40)}`, description: 'word '.repeat(1200) });
    const hebrew = withItem(await real(CA_3NFA2), {
      description: 'הבנת שבר 1/b כמות הנוצרת מחלק אחד כאשר שלם מחולק ל-b חלקים שווים; ' + 'א'.repeat(300),
    });
    const { csv } = toMoodleCompetencies(FACTS, [long, hebrew]);
    expect(checkMoodleCompetencies(csv)).toEqual([]);
    const rows = cells(csv).slice(1);
    const longRow = rows.find((r) => r[3]!.includes('word word'))!;
    expect([...longRow[1]!].length).toBeLessThanOrEqual(100);
    expect([...longRow[2]!].length).toBe(100);
    expect(longRow[2]!.endsWith('…')).toBe(true);
    const hebrewRow = rows.find((r) => r[3]!.includes('הבנת'))!;
    expect(hebrewRow[3]).toMatch(/^<p dir="rtl">הבנת/);
    expect([...hebrewRow[2]!].length).toBeLessThanOrEqual(100);
  });

  it('gives codes Moodle would take for one another (case, accents, numbers) ID numbers of their own', async () => {
    const [a, b] = [await real(CA_3NFA1), await real(CA_3NFA2)];
    const twins: Array<[string, string]> = [
      ['3.NF.A.1', '3.nf.a.1'],
      ['É.1', 'E.1'],
      ['1.0', '1.00'],
    ];
    for (const [x, y] of twins) {
      const { csv } = toMoodleCompetencies(FACTS, [withItem(a, { statementCode: x }), withItem(b, { statementCode: y })]);
      expect(checkMoodleCompetencies(csv)).toEqual([]);
      const ids = cells(csv)
        .slice(1)
        .filter((r) => r[3]!.includes(`CASE ${CA_3NFA1}`) || r[3]!.includes(`CASE ${CA_3NFA2}`))
        .map((r) => r[1]!);
      expect(new Set(ids.map(idNumberKey)).size).toBe(ids.length);
    }
    expect(idNumberKey('1.0')).toBe(idNumberKey('1'));
    expect(idNumberKey('3.NF.A.1')).toBe(idNumberKey('3.nf.a.1'));
  });

  it('names a heading without a code, and an item with neither code nor text, by what it is', async () => {
    const e = await real(CA_3NFA1);
    const bare = withItem(e, { statementCode: null, description: null, statementType: 'Cluster' });
    const markupOnly = withItem(await real(CA_3NFA2), { statementCode: null, description: '<b></b>' });
    const { csv } = toMoodleCompetencies(FACTS, [bare, markupOnly]);
    expect(checkMoodleCompetencies(csv)).toEqual([]);
    const rows = cells(csv).slice(1);
    const row = (id: string) => rows.find((r) => r[3]!.includes(`CASE ${id}`))!;
    expect(row(CA_3NFA1)[2]).toBe('Cluster');
    expect(row(CA_3NFA1)[1]).toBe(`Cluster_${CA_3NFA1.slice(0, 8)}`);
    expect(row(CA_3NFA2)[2]).toBe('Standard');
    // The groupings above: headings without codes, each named by its text.
    expect(rows[0]![1]).toMatch(/^Standards-for-Math-Content_[0-9a-f]{8}$/);
  });

  it('gives the same ID numbers whatever the order of the items', async () => {
    const items = [await real(CA_3NFA1), await real(CA_3NFA2)].flatMap((e) => [...e.path, e.item]);
    // A second heading of the same name: both take their UUID's start, in either order.
    const twice = [...items, { ...items[0]!, caseIdentifierUUID: 'ffffffff-0000-4000-8000-000000000000' }];
    expect(assignIdNumbers(twice)).toEqual(assignIdNumbers([...twice].reverse()));
  });
});

describe('the Moodle words and cuts', () => {
  it('cuts between whole characters and says so', () => {
    expect(fitTo('a'.repeat(100))).toBe('a'.repeat(100));
    expect(fitTo('a'.repeat(101))).toBe(`${'a'.repeat(99)}…`);
    // An emoji of two code points is not split.
    expect([...fitTo('👍🏽'.repeat(60))].length).toBeLessThanOrEqual(100);
    expect(shortNameText(`${'x'.repeat(98)}<b`)).toBe(`${'x'.repeat(98)}…`);
  });

  it('reads a paragraph’s direction from its first letter', () => {
    expect(directionOf('1/2 שבר')).toBe('rtl'); // digits have no direction of their own
    expect(directionOf('1/b שבר')).toBe('ltr'); // a Latin variable first: left to right, as Unicode reads it
    expect(directionOf('كسر 1/b')).toBe('rtl');
    expect(directionOf('3.NF fraction שבר')).toBe('ltr');
  });

  it('names each level by the kind most of its rows are', () => {
    expect(
      taxonomiesByLevel([
        { level: 1, taxonomy: 'domain' },
        { level: 2, taxonomy: 'level' },
        { level: 3, taxonomy: 'competency' },
        { level: 3, taxonomy: 'domain' },
        { level: 3, taxonomy: 'domain' },
      ]),
    ).toEqual(['domain', 'level', 'domain']);
  });
});

describe('the rules catch what Moodle refuses', () => {
  it('finds a repeated ID number, a parent defined below, long or stripped names, a wrong header and short rows', async () => {
    const { csv } = toMoodleCompetencies(FACTS, [await real(CA_3NFA1)]);
    const lines = csv.trim().split('\r\n');
    const problems = (text: string) => checkMoodleCompetencies(text).join('\n');
    expect(problems([...lines, lines.at(-1)].join('\r\n'))).toMatch(/is also on line/);
    expect(problems([lines[0], lines[1], ...lines.slice(2).reverse()].join('\r\n'))).toMatch(/not an ID number defined above/);
    expect(problems(csv.replace('3.NF.A.1 Understand', `${'x'.repeat(100)} Understand`))).toMatch(/short name has \d+ characters/);
    expect(problems(csv.replace('3.NF.A.1 Understand', '3.NF.A.1 <Understand'))).toMatch(/PARAM_TEXT would strip/);
    expect(problems(csv.replace('Cross-referenced competency ID numbers', 'Related'))).toMatch(/header is not/);
    expect(problems(csv.replace(/,0,\r\n$/, ',\r\n'))).toMatch(/13 cells, not 14/);
    expect(problems(csv.replace(DEFAULT_CONFIG_FLAGS, '{""id"":2,""scaledefault"":0,""proficient"":1}'))).toMatch(/no default value/);
    expect(problems(csv.replace(/,1,"[^"]*"\r\n/, ',1,grade\r\n'))).toMatch(/taxonomy “grade”/);
  });
});

const DEFAULT_CONFIG_FLAGS = '{""id"":2,""scaledefault"":1,""proficient"":1}';
