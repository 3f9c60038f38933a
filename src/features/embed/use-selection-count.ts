/**
 * The picker's selection counted as a set is: "3 standards (6 parts)". A part is told by
 * its ancestors (a standard above it), read through the cache (a saved framework answers
 * offline); until they are read the count is null and the picker shows the plain number.
 */
import { useQueries } from '@tanstack/react-query';
import type { StandardsItem } from '../../../contract/schemas';
import { ancestorsOptions } from '../../api/standards';
import type { ApiSource } from '../../lib/api-client';
import { describeSet } from '../../lib/set-count';
import type { EmbedItem } from './embed-protocol';

export function useSelectionCount(
  source: ApiSource,
  items: readonly EmbedItem[],
  itemOf: (id: string) => StandardsItem | undefined,
): string | null {
  const paths = useQueries({ queries: items.map((i) => ancestorsOptions(source, i.caseIdentifierUUID)) });
  if (!items.length || paths.some((p) => p.isPending)) return null;
  return describeSet(
    items.map((i, k) => ({
      item: itemOf(i.caseIdentifierUUID) ?? { normalizedStatementType: 'Standard' },
      path: paths[k]!.data ?? [],
    })),
  );
}
