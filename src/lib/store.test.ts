import { describe, expect, it } from 'vitest';
import { createStore } from './store';

describe('createStore', () => {
  it('replaces the value and tells every listener, until it unsubscribes', () => {
    const store = createStore<number[]>([]);
    const seen: number[][] = [];
    const stop = store.subscribe(() => seen.push(store.get()));
    store.set([1]);
    store.update((v) => [...v, 2]);
    stop();
    store.set([3]);
    expect(seen).toEqual([[1], [1, 2]]);
    expect(store.get()).toEqual([3]);
  });

  it('lets a listener unsubscribe while being told', () => {
    const store = createStore(0);
    let calls = 0;
    const stop = store.subscribe(() => {
      calls++;
      stop();
    });
    store.subscribe(() => calls++);
    store.set(1);
    store.set(2);
    expect(calls).toBe(3);
  });
});
