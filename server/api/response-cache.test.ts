import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache';

describe('ResponseCache', () => {
  it('keeps answers up to its size and drops the least recently used first', () => {
    const cache = new ResponseCache(80);
    const b = (n: number) => Buffer.alloc(n);
    cache.set('a', b(10));
    cache.set('b', b(10));
    cache.set('c', b(10));
    expect(cache.get('a')?.length).toBe(10); // a is now the most recent
    for (const k of ['d', 'e', 'f', 'g', 'h', 'i']) cache.set(k, b(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.length).toBe(10);
    cache.set('huge', b(11)); // over a slice of the budget: not kept
    expect(cache.get('huge')).toBeUndefined();
  });
});
