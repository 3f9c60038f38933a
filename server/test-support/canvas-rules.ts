/**
 * What Canvas's Outcomes Import checks of an `outcomes.csv`, written from its documented
 * format (Outcomes CSV Format), for the unit and end-to-end tests of the set's Canvas
 * export: the header, a unique space-free `vendor_guid` on every row, the two object
 * types, titles, workflow states, parents that are groups defined earlier in the file,
 * the calculation methods with their integers, and ratings as (points, description)
 * pairs, highest first. Each problem names its line.
 */
import Papa from 'papaparse';

const METHODS: Record<string, [number, number] | null> = {
  decaying_average: [1, 99],
  n_mastery: [1, 10],
  latest: null,
  highest: null,
  average: null,
};

export function checkCanvasOutcomes(csv: string): string[] {
  const problems: string[] = [];
  if (csv.startsWith('\uFEFF')) problems.push('the file starts with a byte-order mark');
  const [header = [], ...rows] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').trim(), { skipEmptyLines: true }).data;
  const column = (name: string) => header.indexOf(name);
  for (const required of ['vendor_guid', 'object_type', 'title'])
    if (column(required) < 0) problems.push(`line 1: no “${required}” column`);
  if (problems.length) return problems;
  const cell = (row: string[], name: string) => (column(name) < 0 ? '' : (row[column(name)] ?? '').trim());
  const seen = new Map<string, number>();
  const groups = new Set<string>();
  rows.forEach((row, i) => {
    const line = i + 2;
    const at = (what: string) => problems.push(`line ${line}: ${what}`);
    const guid = cell(row, 'vendor_guid');
    const type = cell(row, 'object_type');
    if (!guid) at('vendor_guid is empty');
    else if (/\s/.test(guid)) at('vendor_guid has a space');
    else if (/^canvas_outcome(_group)?:/.test(guid)) at('vendor_guid uses a prefix Canvas reserves');
    else if (seen.has(guid)) at(`vendor_guid ${guid} is also on line ${seen.get(guid)}`);
    else seen.set(guid, line);
    if (type !== 'outcome' && type !== 'group') at(`object_type “${type}” is neither outcome nor group`);
    if (!cell(row, 'title')) at('title is empty');
    const state = cell(row, 'workflow_state');
    if (state && state !== 'active' && state !== 'deleted') at(`workflow_state “${state}” is neither active nor deleted`);
    for (const parent of cell(row, 'parent_guids').split(/\s+/).filter(Boolean))
      if (!groups.has(parent)) at(`parent ${parent} is not a group defined above`);
    if (type === 'group') {
      groups.add(guid);
      for (const name of ['display_name', 'calculation_method', 'calculation_int', 'mastery_points', 'ratings'])
        if (cell(row, name)) at(`a group has a ${name}`);
      return;
    }
    if (type !== 'outcome') return;
    const method = cell(row, 'calculation_method');
    if (method) {
      if (!(method in METHODS)) at(`calculation_method “${method}” is not one Canvas knows`);
      const range = METHODS[method];
      const n = Number(cell(row, 'calculation_int'));
      if (range && !(Number.isInteger(n) && n >= range[0] && n <= range[1]))
        at(`calculation_int for ${method} must be ${range[0]}–${range[1]}`);
      if (!range && cell(row, 'calculation_int')) at(`calculation_int is given for ${method}`);
    }
    const start = column('ratings');
    if (start >= 0) {
      const cells = row.slice(start).map((c) => c.trim());
      while (cells.length && !cells.at(-1)) cells.pop();
      if (cells.length % 2) at('ratings are not (points, description) pairs');
      const points = cells.filter((_, k) => k % 2 === 0).map(Number);
      if (points.some((p) => !Number.isFinite(p))) at('a rating has no number of points');
      if (points.some((p, k) => k > 0 && p >= points[k - 1]!)) at('ratings are not listed highest first');
    }
  });
  return problems;
}
