/**
 * What Moodle's "Import competency framework" (tool_lpimportcsv, Moodle 4.x) and the
 * competencies it creates (core_competency) demand of a file, written from their source
 * for the tests of the app's Moodle export, and kept apart from the export's own code so
 * a mistake there is caught here. Each problem names its line (the header is line 1; a
 * row is counted as one line however many lines its cells span).
 *
 * - csv_import_reader: UTF-8, every row as many cells as the header (else the whole file is
 *   refused), read by PHP's fgetcsv, whose backslash escape joins cells at `\"`;
 * - framework_importer: the column order is the mapping's default; the framework's row
 *   (Is framework) is kept, a later one would replace it; a competency without an ID
 *   number or a short name is skipped with everything under it; ID numbers key the rows
 *   (a second one replaces the first) and parents are matched with PHP's loose `==`;
 *   short names and ID numbers are cleaned as PARAM_TEXT (strip_tags) and cut at 100;
 *   cross-references are a comma list, `%2C` standing for a comma;
 * - core_competency: a short name must survive PARAM_TEXT unchanged (validate_param), ID
 *   numbers are unique in a framework as the database compares them (MySQL's usual
 *   collation ignores case and accents), the description format is one of Moodle's four,
 *   taxonomy words come from its list, the scale configuration names a default and a
 *   proficient value of the scale.
 *
 * It also checks what the app promises beyond Moodle's rules: parents defined above their
 * children and rows depth first, so the file reads as the outline it rebuilds.
 */
import Papa from 'papaparse';

export const MOODLE_IMPORT_HEADER = [
  'Parent ID number',
  'ID number',
  'Short name',
  'Description',
  'Description format',
  'Scale values',
  'Scale configuration',
  'Rule type (optional)',
  'Rule outcome (optional)',
  'Rule config (optional)',
  'Cross-referenced competency ID numbers',
  'Exported ID (optional)',
  'Is framework',
  'Taxonomy',
];

const TAXONOMIES = new Set([
  'behaviour',
  'competency',
  'concept',
  'domain',
  'indicator',
  'level',
  'outcome',
  'practice',
  'proficiency',
  'skill',
  'value',
]);
const FORMATS = new Set(['0', '1', '2', '4']);
const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** Two ID numbers Moodle cannot tell apart (database collation, PHP's loose comparison). */
const sameKey = (id: string) =>
  PHP_NUMERIC.test(id)
    ? `n:${Number(id)}`
    : id
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
/** PHP's empty(): '' and '0' are false. */
const truthy = (cell: string) => cell !== '' && cell !== '0';
const length = (s: string) => [...s].length;

/** What strip_tags would take out of a cell (PARAM_TEXT): a `<` not followed by white space opens a tag. */
const strippedByParamText = (s: string) => /<(?![ \t\n\r\v\f])/.test(s);

export interface MoodleRow {
  line: number;
  parent: string;
  id: string;
  shortName: string;
  description: string;
  crossReferences: string[];
}

export function readMoodleFile(csv: string): { header: string[]; rows: string[][] } {
  const text = csv
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .trim();
  const [header = [], ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  return { header, rows };
}

export function checkMoodleCompetencies(csv: string): string[] {
  const problems: string[] = [];
  const at = (line: number, what: string) => problems.push(`line ${line}: ${what}`);
  if (/\\"/.test(csv)) problems.push('a backslash stands before a quote: PHP’s fgetcsv would join cells there');
  const { header, rows } = readMoodleFile(csv);
  if (header.join('|') !== MOODLE_IMPORT_HEADER.join('|')) at(1, `the header is not tool_lpimportcsv’s: ${header.join(', ')}`);
  const frameworks = rows.map((r, i) => ({ r, line: i + 2 })).filter(({ r }) => truthy((r[12] ?? '').trim()));
  if (frameworks.length !== 1) problems.push(`${frameworks.length} framework rows: the file needs exactly one`);
  if (rows[0] && !truthy(rows[0][12] ?? '')) at(2, 'the framework’s own row is not first');

  const ids = new Map<string, number>();
  const everyId = new Set(rows.slice(1).map((r) => r[1] ?? ''));
  const stack: string[] = [];
  rows.forEach((row, i) => {
    const line = i + 2;
    if (row.length !== MOODLE_IMPORT_HEADER.length) {
      at(line, `${row.length} cells, not ${MOODLE_IMPORT_HEADER.length}: Moodle refuses the whole file`);
      return;
    }
    const cell = (column: number) => row[column] ?? '';
    const [parent, id, shortName, format] = [cell(0), cell(1), cell(2), cell(4)];
    const [scaleValues, scaleConfig, ruleType, related, isFramework, taxonomy] = [cell(5), cell(6), cell(7), cell(10), cell(12), cell(13)];
    if (!id.trim()) at(line, 'the ID number is empty (Moodle skips the row and all below it)');
    if (length(id) > 100) at(line, `the ID number has ${length(id)} characters (Moodle cuts at 100)`);
    if (!shortName.trim()) at(line, 'the short name is empty (Moodle skips the row and all below it)');
    if (length(shortName) > 100) at(line, `the short name has ${length(shortName)} characters (Moodle cuts at 100)`);
    if (strippedByParamText(shortName)) at(line, 'the short name has a `<` that PARAM_TEXT would strip');
    if (strippedByParamText(id) || strippedByParamText(parent)) at(line, 'an ID number has a `<` that PARAM_TEXT would strip');
    if (id !== id.trim()) at(line, 'the ID number has a space at an end');
    if (!FORMATS.has(format.trim())) at(line, `description format “${format}” is not one of Moodle’s (0, 1, 2, 4)`);
    if (ruleType) at(line, 'a rule type names a class the import would run');
    if (truthy(isFramework)) {
      checkScale(scaleValues, scaleConfig, (what) => at(line, what));
      for (const term of taxonomy.split(',')) if (term && !TAXONOMIES.has(term)) at(line, `taxonomy “${term}” is not Moodle’s`);
      return;
    }
    if (scaleValues || scaleConfig) checkScale(scaleValues, scaleConfig, (what) => at(line, what));
    const key = sameKey(id);
    if (ids.has(key)) at(line, `ID number ${id} is also on line ${ids.get(key)}`);
    if (parent && (!ids.has(sameKey(parent)) || sameKey(parent) === key)) at(line, `parent ${parent} is not an ID number defined above`);
    // Depth first: the parent is the row above or one of that row's ancestors.
    while (stack.length && sameKey(stack.at(-1)!) !== sameKey(parent)) stack.pop();
    if (parent && !stack.length) at(line, `parent ${parent} is not open here: the rows are not depth first`);
    stack.push(id);
    if (!ids.has(key)) ids.set(key, line);
    for (const ref of related.split(',').filter(Boolean)) {
      const target = ref.replace(/%2C/g, ',');
      if (!everyId.has(target)) at(line, `cross-reference ${target} is not an ID number of the file`);
      if (target === id) at(line, 'a competency cross-references itself');
    }
  });
  return problems;
}

function checkScale(values: string, config: string, at: (what: string) => void) {
  const items = values.split(',').filter((v) => v.trim());
  if (items.length < 1) return at('no scale values');
  let parsed: unknown;
  try {
    parsed = JSON.parse(config);
  } catch {
    return at('the scale configuration is not JSON');
  }
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'object' || parsed[0] === null || !('scaleid' in parsed[0]))
    return at('the scale configuration does not start with {"scaleid": …}');
  const flags = parsed.slice(1) as Array<{ id?: unknown; scaledefault?: unknown; proficient?: unknown }>;
  if (flags.some((f) => !Number.isInteger(f.id) || (f.id as number) < 1 || (f.id as number) > items.length))
    at('a scale configuration entry names no value of the scale');
  if (!flags.some((f) => f.scaledefault)) at('the scale configuration marks no default value');
  if (!flags.some((f) => f.proficient)) at('the scale configuration marks no proficient value');
}
