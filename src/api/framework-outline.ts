/**
 * A whole framework's outline under the page's filters, for handing it on (the Moodle
 * competency framework): its top level, then the children of every item the outline would
 * open, a level at a time, a few requests at once. Read through the query cache, so what
 * the tree loaded is not asked for again and a saved framework answers offline.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { StandardsItem } from '../../contract/schemas';
import type { ApiSource } from '../lib/api-client';
import type { ExportEntry } from '../lib/export-entries';
import { filteredOutline, worthOpening } from '../lib/filtered-outline';
import type { ItemFilters } from '../lib/item-filters';
import { inPool } from '../lib/paging';
import { PER_ITEM_CONCURRENCY } from './entry-extras';
import { fetchAllChildren } from './standards';

export async function loadFrameworkOutline(
  client: QueryClient,
  source: ApiSource,
  framework: ExportEntry['framework'],
  filters: ItemFilters,
  onProgress: (itemsRead: number) => void,
  signal: AbortSignal,
): Promise<ExportEntry[]> {
  // The framework's own children: the local API's extension (the hosted service answers 404).
  const roots = await fetchAllChildren(client, source, framework.caseIdentifierUUID, signal);
  const children = new Map<string, StandardsItem[]>();
  let read = roots.length;
  onProgress(read);
  let level: StandardsItem[] = roots;
  while (level.length > 0) {
    const opening = level.filter((item) => worthOpening(item, filters) && !children.has(item.caseIdentifierUUID));
    for (const item of opening) children.set(item.caseIdentifierUUID, []);
    const next: StandardsItem[] = [];
    await inPool(opening, PER_ITEM_CONCURRENCY, async (item) => {
      signal.throwIfAborted();
      const below = await fetchAllChildren(client, source, item.caseIdentifierUUID, signal);
      children.set(item.caseIdentifierUUID, below);
      next.push(...below);
      read += below.length;
      onProgress(read);
    });
    signal.throwIfAborted();
    level = next;
  }
  return filteredOutline(roots, (id) => children.get(id), framework, filters);
}
