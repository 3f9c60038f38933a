/**
 * What an import left out, said every time the data is served: skipped nodes by reason
 * and relationships (by kind and reason). Kept beside the database, so a start
 * that reuses it says the same as the start that imported.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { ImportCounts } from './importer';

export function importSummary(counts: ImportCounts): string[] {
  const lines = [
    `${counts.frameworks} frameworks, ${counts.items} items, ${counts.hasChildEdges} hasChild edges, ` +
      `${counts.learningComponents ?? 0} learning components supporting standards through ${counts.supportsEdges ?? 0} supports links.`,
  ];
  const labels = Object.entries(counts.skippedLabels ?? {}).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (labels.length)
    lines.push(
      `Node labels left out (the API serves frameworks, their items and learning components): ${labels.map(([label, n]) => `${n} ${label}`).join(', ')}.`,
    );
  const skipped = Object.entries(counts.skippedNodes);
  for (const [reason, n] of skipped) lines.push(`Skipped ${n} node(s): ${reason}.`);
  const kinds = Object.entries(counts.relationships).filter(([label]) => label !== 'hasChild' && label !== 'supports');
  if (kinds.length) lines.push(`Other relationships: ${kinds.map(([label, n]) => `${n} ${label}`).join(', ')}.`);
  const left = Object.entries(counts.skippedRelationships ?? {}).sort((a, b) => b[1] - a[1]);
  for (const [reason, n] of left) lines.push(`Left out ${n} relationship(s): ${reason}.`);
  const connections = Object.entries(counts.skippedConnections ?? {});
  for (const [reason, n] of connections) lines.push(`Skipped ${n} connection(s): ${reason}.`);
  if (counts.itemsOutsideFrameworks) lines.push(`${counts.itemsOutsideFrameworks} item(s) belong to no framework and are not served.`);
  if (!labels.length && !skipped.length && !left.length && !connections.length) lines.push('Nothing was skipped.');
  return lines;
}

const fileFor = (databasePath: string) => `${databasePath}.summary.json`;

export function saveSummary(databasePath: string, lines: string[]) {
  writeFileSync(fileFor(databasePath), JSON.stringify(lines));
}

/** The summary written at import, or null for a database imported before summaries were kept. */
export function readSummary(databasePath: string): string[] | null {
  try {
    return existsSync(fileFor(databasePath)) ? (JSON.parse(readFileSync(fileFor(databasePath), 'utf8')) as string[]) : null;
  } catch {
    return null;
  }
}
