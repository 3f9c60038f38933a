/**
 * The persisted query cache as one JSON string, written every second while data arrives,
 * without stringifying again what was already written: each query's data is stringified
 * once per data object (the query cache replaces data, never changes it in place), and
 * an infinite query's pages once per page (a new page leaves the earlier ones as they were).
 *
 * Why: the whole cache stringified every second (a List view's 1,000 items, the outline's
 * children, the details read) was a task of a few hundred milliseconds on a phone's CPU,
 * felt as a freeze while the List view scrolled and loaded its pages.
 */
import type { PersistedClient } from '@tanstack/react-query-persist-client';

const written = new WeakMap<object, string>();

function jsonOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  let json = written.get(value);
  if (json === undefined) {
    json = JSON.stringify(value) ?? 'null';
    written.set(value, json);
  }
  return json;
}

function isInfinite(data: unknown): data is { pages: unknown[]; pageParams: unknown[] } {
  const d = data as { pages?: unknown; pageParams?: unknown } | null;
  return typeof d === 'object' && d !== null && Array.isArray(d.pages) && Array.isArray(d.pageParams) && Object.keys(d).length === 2;
}

function dataJson(data: unknown): string {
  if (isInfinite(data)) return `{"pages":[${data.pages.map(jsonOf).join(',')}],"pageParams":${JSON.stringify(data.pageParams)}}`;
  return jsonOf(data);
}

/** Where a query's data goes in its JSON: a string no data can hold unescaped. */
const HOLE = '\u0000data\u0000';
const HOLE_JSON = JSON.stringify(HOLE);

/** What JSON.stringify(client) says (a query's data moves to the end of its state), built from the data's kept JSON. */
export function persistedJson(client: PersistedClient): string {
  const queries = client.clientState.queries.map((query) => {
    const { data, ...state } = query.state;
    // The state is the last member and data its last: the hole is the text's last occurrence.
    const text = JSON.stringify({ ...query, state: { ...state, data: HOLE } });
    const at = text.lastIndexOf(HOLE_JSON);
    return text.slice(0, at) + dataJson(data) + text.slice(at + HOLE_JSON.length);
  });
  const { clientState, ...rest } = client;
  const head = JSON.stringify({ ...rest, clientState: { mutations: clientState.mutations, queries: [] } });
  return `${head.slice(0, -3)}${queries.join(',')}]}}`;
}
