/**
 * What an export holds: each item with its framework and ancestor path, in order,
 * written as CSV rows (one per item) or JSON (the items as the API returns them, plus
 * framework, path and depth). Descriptions go out readable (math as `1/b`, no Markdown)
 * beside their source text. Every row carries the item's own attribution.
 */
import type { StandardsItem } from '../../contract/schemas';
import type { LearningComponent } from '../../contract/learning-component-schemas';
import { formatGrades } from './format';
import { toPlainText } from './plain-text';
import { skillAsText } from './skill-text';
import { sortSiblings } from '../../contract/natural-sort';
import { toCsv } from './csv';
import { itemLabel as label, pathLabel } from './path-label';

export { pathLabel };
import { jaccardText, strengthWord, type AlignmentNumbers } from './alignment';
import { crosswalkEvidence } from '../../contract/derived/crosswalk-evidence';
import { evidenceAnswer } from '../../contract/derived/derived-connections';
import { standardName, throughOf, type Through } from '../../contract/derived/through-matches';

const connected = ({ caseIdentifierUUID, statementCode, jurisdiction }: Connected) => ({ caseIdentifierUUID, statementCode, jurisdiction });

type Connected = { caseIdentifierUUID: string; statementCode: string | null; jurisdiction: string | null };

/** How an item connects to others (progressions and crosswalks), where the export loaded it. */
export interface ExportConnections {
  buildsOn: Connected[];
  leadsTo: Connected[];
  alignedTo: Array<Connected & AlignmentNumbers & { stateLCListed?: number }>;
  /** A state standard's builds on / leads to derived through this identical Common Core match. */
  derivedThrough?: Connected;
}

export interface ExportEntry {
  item: StandardsItem;
  framework: { caseIdentifierUUID: string; name: string | null };
  /** Ancestors, top level first (empty when unknown or top level). */
  path: StandardsItem[];
  connections?: ExportConnections;
  /** The item's skills (learning components), where the export loaded them. */
  skills?: Pick<LearningComponent, 'identifier' | 'description' | 'attributionStatement'>[];
  /** Where the skills are derived: the standards the crosswalk rates identical whose skills they are. */
  skillsDerivedThrough?: Through[];
}

export const CSV_HEADER = [
  'Framework',
  'Path',
  'Depth',
  'Code',
  'Description',
  'Description (source)',
  'Type',
  'Grades',
  'CASE URI',
  'License',
  'Attribution',
  'Builds on',
  'Leads to',
  'Progression derived through',
  'Aligned to',
  'Skills',
  'Skills attribution',
  'Skills derived through',
] as const;

const codes = (list: readonly Connected[] | undefined) => list?.map((c) => c.statementCode ?? c.caseIdentifierUUID).join('; ') ?? null;
/** "3.NF.A.1 (Multi-State; Identical skills, 1.00)" */
const alignments = (list: ExportConnections['alignedTo'] | undefined) =>
  list
    ?.map(
      (a) => `${a.statementCode ?? a.caseIdentifierUUID} (${a.jurisdiction ?? '?'}; ${strengthWord(a.jaccard)}, ${jaccardText(a.jaccard)})`,
    )
    .join('; ') ?? null;

export function toCsvExport(entries: readonly ExportEntry[]): string {
  return toCsv(
    CSV_HEADER,
    entries.map(({ item, framework, path, connections, skills, skillsDerivedThrough }) => [
      framework.name ?? framework.caseIdentifierUUID,
      pathLabel(path),
      path.length + 1,
      item.statementCode,
      toPlainText(item.description),
      item.description,
      item.statementType ?? item.normalizedStatementType,
      formatGrades(item.gradeLevel),
      // Never empty, so every exported file loads back as the same set.
      item.caseIdentifierURI || `urn:uuid:${item.caseIdentifierUUID}`,
      item.license,
      item.attributionStatement,
      codes(connections?.buildsOn),
      codes(connections?.leadsTo),
      connections?.derivedThrough
        ? `Common Core ${connections.derivedThrough.statementCode ?? connections.derivedThrough.caseIdentifierUUID} (identical skills)`
        : null,
      alignments(connections?.alignedTo),
      skills?.map((s) => toPlainText(s.description)).join('; ') ?? null,
      skills ? [...new Set(skills.map((s) => s.attributionStatement))].join(' ') : null,
      skillsDerivedThrough ? `${skillsDerivedThrough.map(standardName).join('; ')} (identical skills)` : null,
    ]),
  );
}

/** `title` (and `note`) name what was exported: a set's name, a branch's code. */
export function toJsonExport(entries: readonly ExportEntry[], title: string, note?: string): string {
  return JSON.stringify(
    {
      title,
      ...(note && { note }),
      exportedAt: new Date().toISOString(),
      items: entries.map(({ item, framework, path, connections, skills, skillsDerivedThrough }) => ({
        ...item,
        descriptionText: toPlainText(item.description),
        framework,
        path: path.map(label),
        depth: path.length + 1,
        ...(connections && {
          buildsOn: connections.buildsOn.map(connected),
          leadsTo: connections.leadsTo.map(connected),
          ...(connections.derivedThrough && { progressionDerivedThrough: connected(connections.derivedThrough) }),
          alignedTo: connections.alignedTo.map((a) => ({
            ...connected(a),
            jaccard: a.jaccard,
            strength: strengthWord(a.jaccard),
            stateLCCount: a.stateLCCount,
            ccssLCCount: a.ccssLCCount,
            sharedLCCount: a.sharedLCCount,
            evidence: evidenceAnswer(crosswalkEvidence(a, null)),
          })),
        }),
        ...(skills && {
          learningComponents: skills.map(skillAsText),
          ...(skillsDerivedThrough && { learningComponentsDerivedThrough: skillsDerivedThrough.map(throughOf) }),
        }),
      })),
    },
    null,
    2,
  );
}

/**
 * An item and all its descendants in tree order (depth first, siblings in natural
 * order), fetching children as needed.
 */
export async function collectBranch(
  root: StandardsItem,
  rootPath: StandardsItem[],
  framework: ExportEntry['framework'],
  fetchChildren: (id: string) => Promise<StandardsItem[]>,
  onProgress: (done: number) => void = () => {},
  signal?: AbortSignal,
): Promise<ExportEntry[]> {
  const out: ExportEntry[] = [];
  const visit = async (item: StandardsItem, path: StandardsItem[], seen: Set<string>) => {
    signal?.throwIfAborted();
    out.push({ item, framework, path });
    onProgress(out.length);
    if (!item.hasChildren || seen.has(item.caseIdentifierUUID)) return;
    const next = new Set(seen).add(item.caseIdentifierUUID);
    for (const child of sortSiblings(await fetchChildren(item.caseIdentifierUUID))) await visit(child, [...path, item], next);
  };
  await visit(root, rootPath, new Set());
  return out;
}
