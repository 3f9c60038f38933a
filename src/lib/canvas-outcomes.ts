/**
 * A set as Canvas's outcomes import CSV (`outcomes.csv` of the Outcomes Import API): a
 * group for each framework and, under it, one for each domain; an outcome for each
 * standard and part, whose `vendor_guid` is its CASE UUID (Canvas then updates the same
 * outcome on a second import instead of adding another). Descriptions are plain text
 * with the data's attribution (CC BY 4.0) after them.
 *
 * Rows follow the set's own order (a group is defined just before its first member), so
 * a reordered set is not regrouped behind the designer's back. A grouping in the set (a
 * domain or cluster added on its own) is not assessable: it becomes a group, never an
 * outcome. Every row is keyed by its `vendor_guid`, so no GUID appears twice in a file.
 */
import { toCsv } from './csv';
import type { ExportEntry } from './export-entries';
import { shortName } from './item-name';
import { toPlainText } from './plain-text';
import { kindOf } from './set-count';
import { domainOf, frameworkTitle, groupTitle } from './set-groups';

export interface RatingScale {
  id: string;
  label: string;
  /** Highest first, as Canvas lists them. */
  ratings: Array<{ points: number; description: string }>;
  masteryPoints: number;
  calculationMethod: 'decaying_average' | 'n_mastery' | 'latest' | 'highest' | 'average';
  calculationInt: number | null;
}

export const RATING_SCALES: readonly RatingScale[] = [
  {
    id: 'mastery-5',
    label: 'Canvas default: Exceeds Mastery 4 … No Evidence 0 (mastery at 3)',
    ratings: [
      { points: 4, description: 'Exceeds Mastery' },
      { points: 3, description: 'Meets Mastery' },
      { points: 2, description: 'Near Mastery' },
      { points: 1, description: 'Below Mastery' },
      { points: 0, description: 'No Evidence' },
    ],
    masteryPoints: 3,
    calculationMethod: 'decaying_average',
    calculationInt: 65,
  },
  {
    id: 'mastered-3',
    label: 'Three levels: Mastered 2, Developing 1, Not yet 0 (mastery at 2)',
    ratings: [
      { points: 2, description: 'Mastered' },
      { points: 1, description: 'Developing' },
      { points: 0, description: 'Not yet' },
    ],
    masteryPoints: 2,
    calculationMethod: 'highest',
    calculationInt: null,
  },
];

const FIELDS = [
  'vendor_guid',
  'object_type',
  'title',
  'description',
  'display_name',
  'calculation_method',
  'calculation_int',
  'mastery_points',
  'workflow_state',
  'parent_guids',
  'ratings',
] as const;

/** Canvas refuses a vendor_guid with spaces; a CASE UUID never has one. */
const guid = (id: string) => id.replace(/\s+/g, '');

type Cell = string | number | null;

export function toCanvasOutcomesCsv(entries: readonly ExportEntry[], scale: RatingScale = RATING_SCALES[0]!): string {
  // The header names one "ratings" column; each rating's points and description follow it
  // in unnamed columns, so the header gets empty names for the rest.
  const header = [...FIELDS, ...Array.from({ length: scale.ratings.length * 2 - 1 }, () => '')];
  const ratingCells = scale.ratings.flatMap((r) => [r.points, r.description]);
  // One row per vendor_guid, in the order first reached: unique by construction.
  const rows = new Map<string, Cell[]>();
  const group = (id: string, title: string, description: string, parent: string | null) => {
    if (!rows.has(guid(id)))
      rows.set(guid(id), [guid(id), 'group', title, description, null, null, null, null, 'active', parent, ...ratingCells.map(() => null)]);
    return guid(id);
  };
  for (const entry of entries) {
    const { item } = entry;
    const frameworkGuid = group(
      entry.framework.caseIdentifierUUID || `framework-${item.jurisdiction ?? 'unknown'}`,
      frameworkTitle(entry),
      item.attributionStatement,
      null,
    );
    const domain = domainOf(entry);
    const domainGroup = () => group(domain!.caseIdentifierUUID, groupTitle(domain!), domain!.attributionStatement, frameworkGuid);
    if (kindOf(entry) === 'grouping') {
      // A domain sits under its framework, as the standards' domain groups do; a cluster under its domain.
      const above = domain?.statementType === 'Domain' ? domainGroup() : frameworkGuid;
      group(item.caseIdentifierUUID, groupTitle(item), item.attributionStatement, above);
      continue;
    }
    const parent = domain ? domainGroup() : frameworkGuid;
    rows.set(guid(item.caseIdentifierUUID), [
      guid(item.caseIdentifierUUID),
      'outcome',
      item.statementCode ?? shortName(item),
      `${toPlainText(item.description)}\n\n${item.attributionStatement}`,
      item.statementCode ?? null,
      scale.calculationMethod,
      scale.calculationInt,
      scale.masteryPoints,
      'active',
      parent,
      ...ratingCells,
    ]);
  }
  return toCsv(header, [...rows.values()], { forSpreadsheets: false });
}

/** The set's groupings, which Canvas receives as groups rather than outcomes. */
export const groupingsIn = (entries: readonly ExportEntry[]) => entries.filter((e) => kindOf(e) === 'grouping');
