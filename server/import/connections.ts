/**
 * The connections operations' answers, built once at import from the export's
 * `hasStandardAlignment` (state → Common Core), `buildsTowards` and `relatesTo` edges:
 *
 * - crosswalks: from both ends of each alignment, with its numbers parsed from the
 *   export's strings, strongest first (jaccard, then natural code);
 * - prerequisites (X buildsTowards this) and builds-towards (this buildsTowards Y);
 * - related-standards: both directions of each `relatesTo` edge;
 *
 * the last three in natural code order. Answers carry, as a documented extension, the
 * answered standard's `gradeLevel`, `hasChildren` and `frameworkCaseIdentifierUUID`;
 * summaries also carry the relationship's own attribution as `relationship`.
 */
import type Database from 'better-sqlite3';
import { compareSiblings } from '../../contract/natural-sort';
import type { ConnectionOperation } from '../../contract/connection-operations';
import type { StandardsItem } from '../../contract/schemas';

interface Answer {
  asked: string;
  item: StandardsItem & { frameworkCaseIdentifierUUID: string | null };
  fields: Record<string, unknown>;
  jaccard: number | null;
}

const ATTRIBUTION = ['author', 'provider', 'license', 'attributionStatement'] as const;

function attributionOf(record: Record<string, unknown>) {
  return Object.fromEntries(ATTRIBUTION.map((k) => [k, typeof record[k] === 'string' ? record[k] : null]));
}

/** A count the export stores as a string ("2"): a non-negative integer, or null. */
function count(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** The Jaccard number ("1.0"): in (0, 1], or null. */
function jaccardOf(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) && n > 0 && n <= 1 ? n : null;
}

/** The relationship kinds the connections are built from. */
export const CONNECTION_LABELS = new Set(['hasStandardAlignment', 'buildsTowards', 'relatesTo']);

/** Builds the connections table (from the staged relationships of CONNECTION_LABELS); returns what it skipped, by reason. */
export function writeConnections(db: Database.Database): Record<string, number> {
  const skipped: Record<string, number> = {};
  const skip = (reason: string) => (skipped[reason] = (skipped[reason] ?? 0) + 1);
  const rels = db
    .prepare(
      `SELECT r.label AS label, r.properties AS properties, s.json AS source, t.json AS target,
              fs.case_uuid AS sourceFramework, ft.case_uuid AS targetFramework
       FROM stage.relationships r
       JOIN stage.placement ps ON ps.graph_id = r.source
       JOIN items s ON s.seq = ps.seq LEFT JOIN frameworks fs ON fs.rank = s.framework_rank
       JOIN stage.placement pt ON pt.graph_id = r.target
       JOIN items t ON t.seq = pt.seq LEFT JOIN frameworks ft ON ft.rank = t.framework_rank
`,
    )
    .iterate() as IterableIterator<{
    label: string;
    properties: string;
    source: Buffer;
    target: Buffer;
    sourceFramework: string | null;
    targetFramework: string | null;
  }>;

  const answers = new Map<string, Answer[]>();
  const add = (operation: ConnectionOperation, answer: Answer) => {
    const key = `${operation}\u0000${answer.asked}`;
    const list = answers.get(key);
    if (list) list.push(answer);
    else answers.set(key, [answer]);
  };

  for (const rel of rels) {
    const source = { ...(JSON.parse(rel.source.toString('utf8')) as StandardsItem), frameworkCaseIdentifierUUID: rel.sourceFramework };
    const target = { ...(JSON.parse(rel.target.toString('utf8')) as StandardsItem), frameworkCaseIdentifierUUID: rel.targetFramework };
    if (source.caseIdentifierUUID === target.caseIdentifierUUID) {
      skip(`${rel.label} from a standard to itself`);
      continue;
    }
    const props = JSON.parse(rel.properties) as Record<string, unknown>;
    if (rel.label === 'hasStandardAlignment') {
      const numbers = {
        jaccard: jaccardOf(props.jaccard),
        stateLCCount: count(props.stateLCCount),
        ccssLCCount: count(props.ccssLCCount),
        sharedLCCount: count(props.sharedLCCount),
      };
      if (Object.values(numbers).some((n) => n === null)) {
        skip('hasStandardAlignment without valid jaccard and learning-component counts');
        continue;
      }
      const fields = { ...numbers, ...attributionOf(props) };
      add('crosswalks', { asked: source.caseIdentifierUUID, item: target, fields, jaccard: numbers.jaccard });
      add('crosswalks', { asked: target.caseIdentifierUUID, item: source, fields, jaccard: numbers.jaccard });
    } else {
      const fields = { relationship: attributionOf(props) };
      if (rel.label === 'buildsTowards') {
        add('builds-towards', { asked: source.caseIdentifierUUID, item: target, fields, jaccard: null });
        add('prerequisites', { asked: target.caseIdentifierUUID, item: source, fields, jaccard: null });
      } else {
        add('related-standards', { asked: source.caseIdentifierUUID, item: target, fields, jaccard: null });
        add('related-standards', { asked: target.caseIdentifierUUID, item: source, fields, jaccard: null });
      }
    }
  }

  const insert = db.prepare(`INSERT INTO connections VALUES (?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (const [key, list] of answers) {
      const [operation] = key.split('\u0000') as [ConnectionOperation];
      // An edge listed twice (or both ways for related standards) answers once.
      const seen = new Set<string>();
      const unique = list.filter((a) => !seen.has(a.item.caseIdentifierUUID) && seen.add(a.item.caseIdentifierUUID));
      unique.sort((a, b) => (b.jaccard ?? 0) - (a.jaccard ?? 0) || compareSiblings(a.item, b.item));
      unique.forEach((a, position) =>
        insert.run(operation, a.asked, position, a.item.jurisdiction, a.jaccard, Buffer.from(JSON.stringify(answerJson(operation, a)))),
      );
    }
  })();
  return skipped;
}

function answerJson(operation: ConnectionOperation, a: Answer) {
  const { caseIdentifierUUID, statementCode, description, jurisdiction, gradeLevel, hasChildren, frameworkCaseIdentifierUUID } = a.item;
  const extension = { gradeLevel, hasChildren, frameworkCaseIdentifierUUID };
  if (operation === 'crosswalks') return { caseIdentifierUUID, statementCode, description, jurisdiction, ...a.fields, ...extension };
  return {
    caseIdentifierUUID,
    statementCode,
    description,
    jurisdiction,
    ...attributionOf(a.item as unknown as Record<string, unknown>),
    ...extension,
    ...a.fields,
  };
}
