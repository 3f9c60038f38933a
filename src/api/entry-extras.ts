/**
 * What an export or print adds to each of its standards (their connections, their skills):
 * per framework, the framework's whole set through a local API extension in a page or a
 * few, or item by item (cached, a few at a time, at most PER_ITEM_MAX) where that is not
 * offered or a framework has only a few items in the export; offline, from saved
 * frameworks. An entry whose framework is unknown (opened on its own page) is counted
 * under the one current framework of its jurisdiction and subject, when there is one.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiSource } from '../lib/api-client';
import { inPool } from '../lib/paging';
import { frameworksOptions, onlyFrameworkOf } from './frameworks';

/** Up to this many items of a framework are asked for one by one; more take the framework's in bulk. */
const PER_ITEM_LIMIT = 10;
/** Past this many items asked one by one (no bulk form), an export goes without the extra. */
const PER_ITEM_MAX = 300;
/** Requests at once when asking item by item (a browser gives a site six connections). */
export const PER_ITEM_CONCURRENCY = 6;

export type EntryRef = {
  item: { caseIdentifierUUID: string; jurisdiction: string | null; academicSubject: string | null };
  framework: { caseIdentifierUUID: string };
};

export interface PerEntry<T> {
  /** A framework's whole set by item id, or undefined where the service does not offer it (or is offline). */
  bulk: (frameworkId: string) => Promise<Map<string, T> | undefined>;
  one: (id: string) => Promise<T>;
  /** What an item missing from a bulk answer has. */
  empty: () => T;
}

export interface PerEntryResult<T> {
  byItem: Map<string, T>;
  /** Items left out (too many to ask for one by one). */
  left: number;
}

export async function loadPerEntry<T>(
  client: QueryClient,
  source: ApiSource,
  entries: readonly EntryRef[],
  how: PerEntry<T>,
): Promise<PerEntryResult<T>> {
  const byItem = new Map<string, T>();
  const frameworks = entries.some((e) => !e.framework.caseIdentifierUUID)
    ? ((await client.fetchInfiniteQuery(frameworksOptions(source)).catch(() => undefined))?.pages.flatMap((p) => p.data) ?? [])
    : [];
  const frameworkOf = (e: EntryRef) =>
    e.framework.caseIdentifierUUID || (onlyFrameworkOf(frameworks, e.item.jurisdiction, e.item.academicSubject)?.caseIdentifierUUID ?? '');
  const byFramework = new Map<string, string[]>();
  for (const e of entries) {
    const fw = frameworkOf(e);
    byFramework.set(fw, [...(byFramework.get(fw) ?? []), e.item.caseIdentifierUUID]);
  }
  const oneByOne: string[] = [];
  for (const [fw, ids] of byFramework) {
    const bulk = fw && ids.length > PER_ITEM_LIMIT ? await how.bulk(fw) : undefined;
    if (!bulk) {
      oneByOne.push(...ids);
      continue;
    }
    for (const id of ids) byItem.set(id, bulk.get(id) ?? how.empty());
  }
  const unique = [...new Set(oneByOne)];
  await inPool(unique.slice(0, PER_ITEM_MAX), PER_ITEM_CONCURRENCY, async (id) => {
    byItem.set(id, await how.one(id));
  });
  return { byItem, left: Math.max(0, unique.length - PER_ITEM_MAX) };
}
