/**
 * A set as Canvas's outcomes import CSV (`outcomes.csv` of the Outcomes Import API): a
 * group for each framework and, under it, one for each domain; an outcome for each
 * standard, whose `vendor_guid` is the standard's CASE UUID (Canvas then updates the same
 * outcome on a second import instead of adding another). Descriptions are plain text
 * with the data's attribution (CC BY 4.0) after them.
 */
import { toCsv } from './csv';
import type { ExportEntry } from './export-entries';
import { shortName } from './item-name';
import { toPlainText } from './plain-text';
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

export function toCanvasOutcomesCsv(entries: readonly ExportEntry[], scale: RatingScale = RATING_SCALES[0]!): string {
  // The header names one "ratings" column; each rating's points and description follow it
  // in unnamed columns, so the header gets empty names for the rest.
  const header = [...FIELDS, ...Array.from({ length: scale.ratings.length * 2 - 1 }, () => '')];
  const ratingCells = scale.ratings.flatMap((r) => [r.points, r.description]);
  const rows: Array<Array<string | number | null>> = [];
  const defined = new Set<string>();
  const group = (id: string, title: string, description: string, parent: string | null) => {
    if (defined.has(id)) return;
    defined.add(id);
    rows.push([guid(id), 'group', title, description, null, null, null, null, 'active', parent, ...ratingCells.map(() => null)]);
  };
  // Outcomes go under their groups, which Canvas needs defined before they are named:
  // frameworks in the order the set first reaches them, each with its domains.
  const groups = new Map<string, { first: ExportEntry; domain: ReturnType<typeof domainOf>; members: ExportEntry[] }>();
  for (const e of entries) {
    const domain = domainOf(e);
    const key = `${e.framework.caseIdentifierUUID}|${domain?.caseIdentifierUUID ?? ''}`;
    const known = groups.get(key);
    if (known) known.members.push(e);
    else groups.set(key, { first: e, domain, members: [e] });
  }
  for (const { first: framework, domain, members } of groups.values()) {
    const frameworkGuid = framework.framework.caseIdentifierUUID || `framework-${framework.item.jurisdiction ?? 'unknown'}`;
    group(frameworkGuid, frameworkTitle(framework), framework.item.attributionStatement, null);
    const parent = domain ? domain.caseIdentifierUUID : frameworkGuid;
    if (domain) group(domain.caseIdentifierUUID, groupTitle(domain), domain.attributionStatement, guid(frameworkGuid));
    for (const { item } of members)
      rows.push([
        guid(item.caseIdentifierUUID),
        'outcome',
        item.statementCode ?? shortName(item),
        `${toPlainText(item.description)}\n\n${item.attributionStatement}`,
        item.statementCode ?? null,
        scale.calculationMethod,
        scale.calculationInt,
        scale.masteryPoints,
        'active',
        guid(parent),
        ...ratingCells,
      ]);
  }
  return toCsv(header, rows, { forSpreadsheets: false });
}
