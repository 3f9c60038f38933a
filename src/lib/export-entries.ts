/**
 * What an export holds: each item with its framework and ancestor path, in order,
 * written as CSV rows (one per item) or JSON (the items as the API returns them, plus
 * framework, path and depth). Descriptions go out readable (math as `1/b`, no Markdown)
 * beside their source text. Every row carries the item's own attribution.
 */
import type { StandardsItem } from '../../contract/schemas';
import { formatGrades } from './format';
import { toPlainText } from './plain-text';
import { sortSiblings } from '../../contract/natural-sort';
import { toCsv } from './csv';

export interface ExportEntry {
  item: StandardsItem;
  framework: { caseIdentifierUUID: string; name: string | null };
  /** Ancestors, top level first (empty when unknown or top level). */
  path: StandardsItem[];
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
] as const;

const label = (i: StandardsItem) => i.statementCode ?? toPlainText(i.description) ?? '';

/** The parents as one line: " > " in files (plain ASCII for spreadsheets), " › " on screen like the breadcrumbs. */
export function pathLabel(path: readonly StandardsItem[], separator: ' > ' | ' › ' = ' > '): string {
  return path.map(label).join(separator);
}

export function toCsvExport(entries: readonly ExportEntry[]): string {
  return toCsv(
    CSV_HEADER,
    entries.map(({ item, framework, path }) => [
      framework.name ?? framework.caseIdentifierUUID,
      pathLabel(path),
      path.length + 1,
      item.statementCode,
      toPlainText(item.description),
      item.description,
      item.statementType ?? item.normalizedStatementType,
      formatGrades(item.gradeLevel),
      item.caseIdentifierURI,
      item.license,
      item.attributionStatement,
    ]),
  );
}

export function toJsonExport(entries: readonly ExportEntry[], title: string): string {
  return JSON.stringify(
    {
      title,
      exportedAt: new Date().toISOString(),
      items: entries.map(({ item, framework, path }) => ({
        ...item,
        descriptionText: toPlainText(item.description),
        framework,
        path: path.map(label),
        depth: path.length + 1,
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
