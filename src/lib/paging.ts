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

/**
 * Runs `task` for every item, at most `concurrency` at a time, in order of the items
 * (a request pool: the browser gives a site six connections, and a server is asked
 * politely). Rejects with the first failure; tasks already started finish on their own.
 */
export async function inPool<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}
