/**
 * What a shared link's page says of the link: what it holds, then what of it could be read
 * here, in one sentence whose two counts agree ("300 standards and parts in the link; none
 * of them is in this data"), never a count of what was read standing as the link's size.
 * Ids not read cannot be told apart (a part is known by what is above it), so the link's
 * size is said as unreadCount says any unread ids; a link read whole is counted exactly.
 */
import { describeSet, unreadCount } from './set-count';

type Counted = Parameters<typeof describeSet>[0][number];

export interface LinkReading {
  /** Ids the link holds. */
  total: number;
  /** Entries read (from the data, or offline from saved frameworks). */
  read: readonly Counted[];
  /** Ids the data does not hold. */
  missing: number;
  /** Ids not read now (offline, or the service failed). */
  failed: number;
}

/** The sentence under the set's name. */
export function describeLinkReading({ total, read, missing, failed }: LinkReading): string {
  if (missing === 0 && failed === 0) return `${describeSet(read)} in the link.`;
  const held = `${unreadCount(total)} in the link`;
  const where = failed > 0 ? 'could be read' : `${read.length === 1 ? 'is' : 'are'} in this data`;
  if (read.length === 0) {
    if (total === 1) return `${held}; ${failed > 0 ? 'it could not be read' : 'it is not in this data'}.`;
    return `${held}; none of them ${failed > 0 ? 'could be read' : 'is in this data'}.`;
  }
  return `${held}; ${describeSet(read)} of them ${where}.`;
}

/** The heading of the list of ids the data does not hold. */
export function describeMissing({ read, missing, failed }: LinkReading): string {
  const one = missing === 1;
  if (read.length === 0 && failed === 0)
    return `${one ? 'It' : 'They'} may be retired, or from other data: there is nothing to show, save or export. ${one ? 'Its CASE UUID' : 'Their CASE UUIDs'}:`;
  return `${unreadCount(missing)} in this link ${one ? 'is' : 'are'} not in this data (retired, or from other data), and ${one ? 'is' : 'are'} left out:`;
}
