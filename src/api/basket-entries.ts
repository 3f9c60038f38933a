/**
 * Basket entries for standards known only by a summary (a progression's cards): each
 * one's full item, where it sits (its ancestors, where the service or a saved framework
 * can tell) and its framework (the one the answer names, else the one current framework
 * of its jurisdiction and subject). Cached queries, a few at a time.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiSource } from '../lib/api-client';
import type { ExportEntry } from '../lib/export-entries';
import { inPool } from '../lib/paging';
import { PER_ITEM_CONCURRENCY } from './entry-extras';
import { frameworksOptions, onlyFrameworkOf } from './frameworks';
import { ancestorsOptions, itemOptions } from './standards';

type Known = { caseIdentifierUUID: string; frameworkCaseIdentifierUUID?: string | null };

export async function basketEntries(client: QueryClient, source: ApiSource, standards: readonly Known[]): Promise<ExportEntry[]> {
  const frameworks =
    (await client.fetchInfiniteQuery(frameworksOptions(source)).catch(() => undefined))?.pages.flatMap((p) => p.data) ?? [];
  const entries: Array<ExportEntry | undefined> = new Array(standards.length);
  await inPool([...standards.keys()], PER_ITEM_CONCURRENCY, async (i) => {
    const s = standards[i]!;
    const [item, path] = await Promise.all([
      client.fetchQuery(itemOptions(source, s.caseIdentifierUUID)),
      client.fetchQuery(ancestorsOptions(source, s.caseIdentifierUUID)),
    ]);
    const framework =
      frameworks.find((f) => f.caseIdentifierUUID === s.frameworkCaseIdentifierUUID) ??
      onlyFrameworkOf(frameworks, item.jurisdiction, item.academicSubject);
    entries[i] = {
      item,
      framework: {
        caseIdentifierUUID: framework?.caseIdentifierUUID ?? s.frameworkCaseIdentifierUUID ?? '',
        name: framework?.name ?? null,
      },
      path: path ?? [],
    };
  });
  return entries.filter((e): e is ExportEntry => !!e);
}
