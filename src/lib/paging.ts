/**
 * The one way to follow a cursor query to its end (contract: send `nextCursor` back while
 * `hasMore`), for everything that needs a whole list rather than a page: a framework's
 * index, a branch for export or print, a save for offline use.
 */
export interface CursorPage<T> {
  data: T[];
  pagination: { hasMore: boolean; nextCursor: string | null };
}

/** Every item of every page from `cursor` on (null: from the first page). */
export async function collectPages<T>(
  fetchPage: (cursor: string | null) => Promise<CursorPage<T>>,
  cursor: string | null = null,
): Promise<T[]> {
  const all: T[] = [];
  for (;;) {
    const page = await fetchPage(cursor);
    all.push(...page.data);
    if (!page.pagination.hasMore || !page.pagination.nextCursor) return all;
    cursor = page.pagination.nextCursor;
  }
}
