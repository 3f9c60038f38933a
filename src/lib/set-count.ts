/**
 * How a set is counted wherever it is named: "10 standards (11 parts)". A designer plans
 * standards; the lettered parts that come along with them (any standard below a
 * standard, as the README defines a part) are said apart, so a unit of 10 reads as 10.
 * A grouping added on its own (a domain, a cluster) is neither, and is said as such.
 */
import type { StandardsItem } from '../../contract/schemas';

export type EntryKind = 'standard' | 'part' | 'grouping';

interface Counted {
  item: Pick<StandardsItem, 'normalizedStatementType'>;
  path: ReadonlyArray<Pick<StandardsItem, 'normalizedStatementType'>>;
}

export function kindOf({ item, path }: Counted): EntryKind {
  if (item.normalizedStatementType !== 'Standard') return 'grouping';
  return path.some((p) => p.normalizedStatementType === 'Standard') ? 'part' : 'standard';
}

export interface SetCount {
  standards: number;
  parts: number;
  groupings: number;
}

export function countSet(entries: readonly Counted[]): SetCount {
  const count: SetCount = { standards: 0, parts: 0, groupings: 0 };
  for (const e of entries) {
    const kind = kindOf(e);
    if (kind === 'standard') count.standards++;
    else if (kind === 'part') count.parts++;
    else count.groupings++;
  }
  return count;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "10 standards (11 parts)", "3 parts", "10 standards and 1 grouping", "0 standards". */
export function describeCount({ standards, parts, groupings }: SetCount): string {
  const lead = standards || (!parts && !groupings) ? plural(standards, 'standard', 'standards') : '';
  const partsText = parts ? plural(parts, 'part', 'parts') : '';
  const head = lead && partsText ? `${lead} (${partsText})` : lead || partsText;
  const groupingsText = groupings ? plural(groupings, 'grouping', 'groupings') : '';
  return head && groupingsText ? `${head} and ${groupingsText}` : head || groupingsText;
}

/** The count of a set's entries in words. */
export const describeSet = (entries: readonly Counted[]) => describeCount(countSet(entries));

/**
 * Ids not read yet cannot be told apart (a part is known by what is above it): "9
 * standards and parts", so an unread unit of 3 standards is never called 9 standards.
 */
export const unreadCount = (n: number) => (n === 1 ? '1 standard' : `${n.toLocaleString('en-US')} standards and parts`);
