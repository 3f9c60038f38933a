/**
 * A branch (an item and everything below it) for export or print, read through the
 * query cache: what was browsed is not asked for again, and saved frameworks answer
 * offline.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { StandardsItem } from '../../contract/schemas';
import { ancestorsOptions, fetchAllChildren } from './standards';
import type { ApiSource } from '../lib/api-client';
import { collectBranch, type ExportEntry } from '../lib/export-entries';

export async function loadBranch(
  client: QueryClient,
  source: ApiSource,
  root: StandardsItem,
  framework: ExportEntry['framework'],
  onProgress: (done: number) => void,
  signal: AbortSignal,
): Promise<ExportEntry[]> {
  const ancestors = (await client.fetchQuery(ancestorsOptions(source, root.caseIdentifierUUID))) ?? [];
  // Every page of every parent: a branch exports whole, whatever the tree has loaded.
  const fetchChildren = (id: string) => fetchAllChildren(client, source, id, signal);
  return collectBranch(root, ancestors, framework, fetchChildren, onProgress, signal);
}
