/**
 * A set or a framework as the CSV Moodle's "Import competency framework" reads
 * (tool_lpimportcsv, Moodle 3.1 to 4.x): UTF-8, the importer's fourteen columns in its
 * order (its column mapping defaults to position), the framework's own row first, then
 * one competency per item in the framework's outline order, each naming its parent's ID
 * number (a top competency names none), so Moodle rebuilds the same tree in the same
 * order. Moodle creates the children of a parent in the order of the file's rows.
 *
 * The scale is Moodle's "Default competence scale" (Not yet competent, Competent), which
 * every Moodle creates at install: the importer looks a scale up by its values and uses
 * that one, so nothing needs setting up first (a site that renamed it gets a new scale of
 * the same two values, made by the import). A competency inherits the framework's scale.
 *
 * What each row holds, and why, is in docs/decisions/032-moodle-competency-frameworks.md.
 */
import { isIdentical } from '../../contract/alignment-strength';
import type { StandardsItem } from '../../contract/schemas';
import { toCsv } from './csv';
import type { ExportEntry } from './export-entries';
import { formatGrades } from './format';
import { assignIdNumbers } from './moodle-id-numbers';
import { taxonomiesByLevel, taxonomyOf, type MoodleTaxonomy } from './moodle-taxonomy';
import { escapeHtml, paragraph, shortNameText } from './moodle-text';
import { toPlainText } from './plain-text';
import { frameworkTitle } from './set-groups';
import { outlineOf } from './set-outline';

/** tool_lpimportcsv's column names (its English strings), in the order its mapping expects. */
export const MOODLE_HEADER = [
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
] as const;

/** Moodle's FORMAT_HTML. */
const HTML_FORMAT = 1;

/** The values of Moodle's "Default competence scale", as the importer matches a scale (its items joined by commas). */
export const DEFAULT_COMPETENCE_SCALE = 'Not yet competent,Competent';

/**
 * Its configuration: the first element names the scale (the importer replaces the id with
 * the scale it found), then each value's flags. "Competent" (value 2) is both the default,
 * the rating a completion rule gives, and the one proficient value.
 */
export const DEFAULT_SCALE_CONFIGURATION = JSON.stringify([
  { scaleid: '2' },
  { id: 1, scaledefault: 0, proficient: 0 },
  { id: 2, scaledefault: 1, proficient: 1 },
]);

/** The framework's own row: what Moodle lists it as. */
export interface MoodleFrameworkFacts {
  idNumber: string;
  shortName: string;
  /** Paragraphs of text that describe it (the data's attribution is added after them). */
  about: readonly string[];
}

export interface MoodleFile {
  csv: string;
  /** Competency rows (the framework's own row aside). */
  competencies: number;
}

type Cell = string | number | null;

interface Row {
  parent: string;
  id: string;
  shortName: string;
  description: string;
  level: number;
  taxonomy: MoodleTaxonomy;
  item: StandardsItem | null;
}

/** "3.NF.A.1 Understand a fraction 1/b as…": the code, then the start of the text. */
const itemShortName = (item: StandardsItem) =>
  shortNameText([item.statementCode, toPlainText(item.description)].filter(Boolean).join(' ') || item.statementType || 'Untitled item');

function itemDescription(item: StandardsItem): string {
  const facts = [item.statementCode, item.statementType ?? item.normalizedStatementType, formatGrades(item.gradeLevel)].filter(Boolean);
  const uri = item.caseIdentifierURI && /^https?:\/\//i.test(item.caseIdentifierURI) ? item.caseIdentifierURI : null;
  const source = uri
    ? `<a href="${escapeHtml(uri)}">CASE ${escapeHtml(item.caseIdentifierUUID)}</a>`
    : `CASE ${escapeHtml(item.caseIdentifierUUID)}`;
  return `${paragraph(toPlainText(item.description) ?? '')}<p>${[...facts.map((f) => escapeHtml(f!)), source].join(' · ')}</p>`;
}

/** The identical matches of each item (crosswalks that rate the two the same skills), both ways. */
function identicalPairs(entries: readonly ExportEntry[]): Map<string, Set<string>> {
  const pairs = new Map<string, Set<string>>();
  const add = (a: string, b: string) => pairs.set(a, (pairs.get(a) ?? new Set()).add(b));
  for (const { item, connections } of entries)
    for (const match of connections?.alignedTo ?? [])
      if (isIdentical(match)) {
        add(item.caseIdentifierUUID, match.caseIdentifierUUID);
        add(match.caseIdentifierUUID, item.caseIdentifierUUID);
      }
  return pairs;
}

export function toMoodleCompetencies(framework: MoodleFrameworkFacts, entries: readonly ExportEntry[]): MoodleFile {
  // A set drawn from several frameworks keeps each under a competency of its own, so two
  // "Standards for Math Content" never sit side by side.
  const sources = sourcesOf(entries);
  const several = sources.length > 1;
  const outlines = sources.map((s) => ({ framework: several ? s : null, ...outlineOf(s.entries) }));
  const ids = assignIdNumbers(
    outlines.flatMap((o) => o.outline),
    several ? sources.map((s) => ({ key: s.key, base: s.name, uuid: s.caseIdentifierUUID || s.name })) : [],
  );

  const rows: Row[] = [];
  for (const { framework: source, outline, parentOf } of outlines) {
    const top = source ? ids.get(source.key)! : '';
    if (source)
      rows.push({
        parent: '',
        id: top,
        shortName: shortNameText(source.name),
        description: paragraph(source.name),
        level: 1,
        taxonomy: 'domain',
        item: null,
      });
    const levels = new Map<string, number>();
    for (const item of outline) {
      const parentId = parentOf.get(item.caseIdentifierUUID) ?? null;
      const level = (parentId ? levels.get(parentId)! : source ? 1 : 0) + 1;
      levels.set(item.caseIdentifierUUID, level);
      rows.push({
        parent: parentId ? ids.get(parentId)! : top,
        id: ids.get(item.caseIdentifierUUID)!,
        shortName: itemShortName(item),
        description: itemDescription(item),
        level,
        taxonomy: taxonomyOf(item),
        item,
      });
    }
  }

  const pairs = identicalPairs(entries);
  const crossReferences = (item: StandardsItem | null) =>
    item
      ? [...(pairs.get(item.caseIdentifierUUID) ?? [])]
          .map((id) => ids.get(id))
          .filter(Boolean)
          .join(',')
      : '';
  const attributions = [...new Set(entries.flatMap((e) => [e.item.attributionStatement, ...e.path.map((p) => p.attributionStatement)]))];
  const frameworkRow: Cell[] = [
    '',
    framework.idNumber,
    shortNameText(framework.shortName),
    [...framework.about, ...attributions].map(paragraph).join(''),
    HTML_FORMAT,
    DEFAULT_COMPETENCE_SCALE,
    DEFAULT_SCALE_CONFIGURATION,
    '',
    '',
    '',
    '',
    '',
    1,
    taxonomiesByLevel(rows).join(','),
  ];
  const competencyRows: Cell[][] = rows.map((r) => [
    r.parent,
    r.id,
    r.shortName,
    r.description,
    HTML_FORMAT,
    '',
    '',
    '',
    '',
    '',
    crossReferences(r.item),
    '',
    0,
    '',
  ]);
  // No BOM and no spreadsheet formula guard: Moodle reads the text as it is.
  return { csv: toCsv(MOODLE_HEADER, [frameworkRow, ...competencyRows], { forSpreadsheets: false }), competencies: rows.length };
}

/** The frameworks the entries come from, in the order first reached, each with its entries (an unknown framework too). */
function sourcesOf(entries: readonly ExportEntry[]) {
  const sources = new Map<string, { key: string; caseIdentifierUUID: string; name: string; entries: ExportEntry[] }>();
  for (const e of entries) {
    const id = e.framework.caseIdentifierUUID;
    const key = `framework:${id}`;
    const source = sources.get(key) ?? { key, caseIdentifierUUID: id, name: frameworkTitle(e), entries: [] };
    source.entries.push(e);
    sources.set(key, source);
  }
  return sources.size ? [...sources.values()] : [{ key: 'framework:', caseIdentifierUUID: '', name: '', entries: [] }];
}
