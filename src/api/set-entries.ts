/**
 * Set entries for standards known only by their ids (a shared link, an imported file, a
 * progression's cards): each one's full item, where it sits (its ancestors, where the
 * service or a saved framework can tell) and its framework (the one given, else the one
 * current framework of its jurisdiction and subject). Cached queries, a few at a time.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, type ApiSource } from '../lib/api-client';
import type { ExportEntry } from '../lib/export-entries';
import { inPool } from '../lib/paging';
import { PER_ITEM_CONCURRENCY } from './entry-extras';
import { frameworksOptions, onlyFrameworkOf } from './frameworks';
import { ancestorsOptions, itemOptions } from './standards';

type Known = { caseIdentifierUUID: string; frameworkCaseIdentifierUUID?: string | null };

export interface ResolvedEntries {
  /** In the order asked for, without the missing and the failed. */
  entries: ExportEntry[];
  /** Ids the data does not hold (404): retired, or from other data. */
  missing: string[];
  /** Ids that could not be read now (offline and not saved, the service down), with the first error. */
  failed: string[];
  error?: unknown;
}

/** Every standard asked for that can be read; says which are missing and which could not be read. */
export async function resolveEntries(
  client: QueryClient,
  source: ApiSource,
  standards: readonly Known[],
  signal?: AbortSignal,
): Promise<ResolvedEntries> {
  const frameworks =
    (await client.fetchInfiniteQuery(frameworksOptions(source)).catch(() => undefined))?.pages.flatMap((p) => p.data) ?? [];
  const found: Array<ExportEntry | undefined> = new Array(standards.length);
  const missing: string[] = [];
  const failed: string[] = [];
  let error: unknown;
  await inPool([...standards.keys()], PER_ITEM_CONCURRENCY, async (i) => {
    signal?.throwIfAborted();
    const s = standards[i]!;
    try {
      const [item, path] = await Promise.all([
        client.fetchQuery(itemOptions(source, s.caseIdentifierUUID)),
        client.fetchQuery(ancestorsOptions(source, s.caseIdentifierUUID)),
      ]);
      const framework =
        frameworks.find((f) => f.caseIdentifierUUID === s.frameworkCaseIdentifierUUID) ??
        onlyFrameworkOf(frameworks, item.jurisdiction, item.academicSubject);
      found[i] = {
        item,
        framework: {
          caseIdentifierUUID: framework?.caseIdentifierUUID ?? s.frameworkCaseIdentifierUUID ?? '',
          name: framework?.name ?? null,
        },
        path: path ?? [],
      };
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) missing.push(s.caseIdentifierUUID);
      else {
        failed.push(s.caseIdentifierUUID);
        error ??= e;
      }
    }
  });
  signal?.throwIfAborted();
  const order = new Map(standards.map((s, i) => [s.caseIdentifierUUID, i]));
  const byOrder = (a: string, b: string) => order.get(a)! - order.get(b)!;
  return { entries: found.filter((e): e is ExportEntry => !!e), missing: missing.sort(byOrder), failed: failed.sort(byOrder), error };
}

/** All of them or an error: for adding what a page shows, which it has just read. */
export async function setEntries(client: QueryClient, source: ApiSource, standards: readonly Known[]): Promise<ExportEntry[]> {
  const r = await resolveEntries(client, source, standards);
  if (r.failed.length) throw r.error;
  return r.entries;
}

/** A shared set's standards, read once per link and data source (offline from saved frameworks). */
export function sharedSetOptions(client: QueryClient, source: ApiSource, ids: readonly string[]) {
  return {
    queryKey: ['shared-set', source.baseUrl, ids] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      resolveEntries(
        client,
        source,
        ids.map((caseIdentifierUUID) => ({ caseIdentifierUUID })),
        signal,
      ),
    // Its parts are cached queries of their own; this answer is not worth a place in storage.
    networkMode: 'always' as const,
    meta: { persist: false },
    staleTime: 60_000,
  };
}
