import type { StandardsItem } from '../schemas';

/** What the tree knows about one parent's children, read from the query cache. */
export type ChildrenState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'offline' }
  | { status: 'success'; items: StandardsItem[]; hasMore: boolean; loadingMore: boolean };
