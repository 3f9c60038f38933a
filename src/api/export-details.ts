/**
 * Everything an export or print carries beside each standard: its connections and its
 * skills, loaded side by side.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiSource } from '../lib/api-client';
import { downloadText } from '../lib/download';
import { toCsvExport, toJsonExport, type ExportEntry } from '../lib/export-entries';
import { withEntryConnections } from './entry-connections';
import type { EntryRef } from './entry-extras';
import { withEntrySkills } from './entry-skills';

export async function withExportDetails<E extends EntryRef>(
  client: QueryClient,
  source: ApiSource,
  entries: readonly E[],
  signal?: AbortSignal,
) {
  const [connections, skills] = await Promise.all([
    withEntryConnections(client, source, entries, signal),
    withEntrySkills(client, source, entries, signal),
  ]);
  return {
    entries: connections.entries.map((e, i) => ({
      ...e,
      skills: skills.entries[i]!.skills,
      skillsDerivedThrough: skills.entries[i]!.skillsDerivedThrough,
    })),
    /** Standards whose connections were left out (a service that gives them one standard at a time). */
    left: connections.left,
    skillsLeft: skills.left,
  };
}

/** What an export's status says of anything it left out. */
export function leftOutNote(left: number, skillsLeft: number) {
  const parts = [left && `connections of ${left}`, skillsLeft && `skills of ${skillsLeft}`].filter(Boolean);
  return parts.length
    ? ` The ${parts.join(' and the ')} standards were left out: this service gives them only one standard at a time.`
    : '';
}

/**
 * Downloads entries as the spreadsheet CSV or the JSON, each standard with its connections
 * and skills; returns what the export's status adds about anything left out.
 */
export async function downloadWithDetails(
  client: QueryClient,
  source: ApiSource,
  entries: readonly ExportEntry[],
  format: 'csv' | 'json',
  file: { title: string; note?: string; filename: (ext: 'csv' | 'json') => string },
  signal?: AbortSignal,
): Promise<string> {
  const { entries: detailed, left, skillsLeft } = await withExportDetails(client, source, entries, signal);
  if (format === 'csv') downloadText(toCsvExport(detailed), file.filename('csv'), 'text/csv;charset=utf-8');
  else downloadText(toJsonExport(detailed, file.title, file.note), file.filename('json'), 'application/json');
  return leftOutNote(left, skillsLeft);
}
