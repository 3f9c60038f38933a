/**
 * What adding to a set brings with it: a standard's own parts (its lettered components,
 * any standard below it), and every standard under a grouping in outline order. Read
 * through the query cache, so saved frameworks answer offline.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { StandardsItem } from '../../contract/schemas';
import type { ApiSource } from '../lib/api-client';
import { collectBranch, type ExportEntry } from '../lib/export-entries';
import { loadBranch } from './load-branch';
import { fetchAllChildren } from './standards';

const isStandard = (item: StandardsItem) => item.normalizedStatementType === 'Standard';

/**
 * A standard's parts in outline order: the standards below it (4.NF.B.3 → 4.NF.B.3.a–d),
 * through any depth. Groupings are not parts; a grouping has none.
 */
export async function partsOf(client: QueryClient, source: ApiSource, entry: ExportEntry, signal?: AbortSignal): Promise<ExportEntry[]> {
  if (!isStandard(entry.item) || !entry.item.hasChildren) return [];
  // The branch walk exports use, descending only into standards.
  const standardChildren = async (id: string) => (await fetchAllChildren(client, source, id, signal)).filter(isStandard);
  return (await collectBranch(entry.item, entry.path, entry.framework, standardChildren, undefined, signal)).slice(1);
}

export interface StandardsUnder {
  /** The standards directly under groupings (not parts of another standard), in outline order. */
  standards: ExportEntry[];
  /** Every standard, each followed by its parts, in outline order. */
  withParts: ExportEntry[];
}

/** Every standard under an item (a grade, domain, cluster, or a standard's parts), in outline order. */
export async function standardsUnder(
  client: QueryClient,
  source: ApiSource,
  root: StandardsItem,
  framework: ExportEntry['framework'],
  onProgress: (done: number) => void,
  signal: AbortSignal,
): Promise<StandardsUnder> {
  const branch = (await loadBranch(client, source, root, framework, onProgress, signal)).slice(1);
  const withParts = branch.filter((e) => isStandard(e.item));
  // A part is a standard below another standard of the branch (or below the root standard).
  const standardIds = new Set([...(isStandard(root) ? [root.caseIdentifierUUID] : []), ...withParts.map((e) => e.item.caseIdentifierUUID)]);
  const standards = withParts.filter((e) => !e.path.some((p) => standardIds.has(p.caseIdentifierUUID)));
  return { standards, withParts };
}
