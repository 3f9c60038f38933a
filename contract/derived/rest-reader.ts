/**
 * The contract's operations as the derivation rules read them (ConnectionsReader), over
 * any way of asking the REST API for JSON: the tool server's in-process calls, the local
 * API or the hosted service through the proxy. Each list is read whole (a standard's
 * lists are short; pages of 1,000) and once per reader.
 */
import type { Crosswalk, StandardSummary } from '../connection-schemas';
import type { LearningComponent } from '../learning-component-schemas';
import type { ConnectionsReader } from './through-matches';

type Page<T> = { data: T[]; pagination: { nextCursor: string | null; hasMore: boolean } };

/** `getJson(path)`: the answer to a GET of `path` (under the API's base), or a thrown error. */
export function restReader(getJson: <T>(path: string) => Promise<T>): ConnectionsReader {
  const kept = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let p = kept.get(key) as Promise<T> | undefined;
    if (!p) kept.set(key, (p = read()));
    return p;
  };
  const all = <T>(path: string) =>
    once(path, async () => {
      const out: T[] = [];
      for (let cursor: string | null = null, guard = 0; guard < 100; guard++) {
        const page: Page<T> = await getJson<Page<T>>(`${path}?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        out.push(...page.data);
        if (!page.pagination.hasMore || !page.pagination.nextCursor) break;
        cursor = page.pagination.nextCursor;
      }
      return out;
    });
  const of = (id: string, operation: string) => `/academic-standards/${encodeURIComponent(id)}/${operation}`;
  return {
    jurisdictionOf: (id) =>
      once(
        `item ${id}`,
        async () => (await getJson<{ jurisdiction: string | null }>(`/academic-standards/${encodeURIComponent(id)}`)).jurisdiction,
      ),
    crosswalks: (id) => all<Crosswalk>(of(id, 'crosswalks')),
    prerequisites: (id) => all<StandardSummary>(of(id, 'prerequisites')),
    buildsTowards: (id) => all<StandardSummary>(of(id, 'builds-towards')),
    skills: (id) => all<LearningComponent>(of(id, 'learning-components')),
  };
}
