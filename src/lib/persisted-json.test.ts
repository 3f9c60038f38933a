import { describe, expect, it } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { persistedJson } from './persisted-json';

const query = (hash: string, data: unknown) => ({
  queryKey: ['items', hash],
  queryHash: hash,
  state: {
    data,
    dataUpdateCount: 1,
    dataUpdatedAt: 1,
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: 'success' as const,
    fetchStatus: 'idle' as const,
  },
});

const client = (queries: ReturnType<typeof query>[]): PersistedClient =>
  ({ timestamp: 5, buster: 'v1', clientState: { mutations: [], queries } }) as unknown as PersistedClient;

describe('persistedJson', () => {
  it('reads as JSON.stringify of the client: plain data, infinite pages, text that looks like the hole', () => {
    const page1 = { data: [{ id: 'a', description: 'x \u0000data\u0000 "quoted" \\ $\\frac{1}{2}$' }], pagination: { hasMore: true } };
    const page2 = { data: [{ id: 'b' }], pagination: { hasMore: false } };
    const c = client([
      query('["one"]', { name: 'One', list: [1, 2, null] }),
      query('["list"]', { pages: [page1, page2], pageParams: [null, 'cursor=2'] }),
      query('["\u0000data\u0000"]', 'a string'),
      query('["zero"]', 0),
    ]);
    expect(JSON.parse(persistedJson(c))).toEqual(JSON.parse(JSON.stringify(c)));
    expect(JSON.parse(persistedJson(c))).toEqual(JSON.parse(JSON.stringify(c)));
  });

  it('an empty cache', () => {
    const c = client([]);
    expect(JSON.parse(persistedJson(c))).toEqual(JSON.parse(JSON.stringify(c)));
  });

  it('writes the same text again for the same data, and a new page next to the kept ones', () => {
    const page1 = { data: [{ id: 'a' }] };
    const first = client([query('["list"]', { pages: [page1], pageParams: [null] })]);
    expect(JSON.parse(persistedJson(first))).toEqual(JSON.parse(JSON.stringify(first)));
    const page2 = { data: [{ id: 'b' }] };
    const second = client([query('["list"]', { pages: [page1, page2], pageParams: [null, 'c2'] })]);
    expect(JSON.parse(persistedJson(second))).toEqual(JSON.parse(JSON.stringify(second)));
  });
});
