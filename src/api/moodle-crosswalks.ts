/**
 * A set's entries with the crosswalks a Moodle framework cross-references: a standard and
 * its identical match (the same skills), where both are in the file. Crosswalks join a
 * state's framework to Common Core, so only a set drawn from more than one framework can
 * hold both ends, and only such a set asks for them.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiSource } from '../lib/api-client';
import type { ExportEntry } from '../lib/export-entries';
import { frameworksOf } from '../lib/set-groups';
import { withEntryConnections } from './entry-connections';

export interface WithCrosswalks {
  entries: ExportEntry[];
  /** The crosswalks could not be read (offline with a framework not saved): no cross-references. */
  missed: boolean;
}

export async function withCrosswalksForMoodle(
  client: QueryClient,
  source: ApiSource,
  entries: readonly ExportEntry[],
  signal?: AbortSignal,
): Promise<WithCrosswalks> {
  if (frameworksOf(entries).length < 2) return { entries: [...entries], missed: false };
  try {
    return { entries: (await withEntryConnections(client, source, entries, signal)).entries, missed: false };
  } catch (e) {
    if (signal?.aborted) throw e;
    // Cross-references are a help, not the framework: the file goes without them.
    return { entries: [...entries], missed: true };
  }
}
