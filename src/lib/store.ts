/**
 * The one small store every piece of app-wide state uses (sets, data source, open
 * nodes, downloads, attribution on screen, storage problems): a value, replaced whole,
 * and the listeners that React's `useSyncExternalStore` subscribes.
 */
import { useCallback, useSyncExternalStore } from 'react';

export interface Store<T> {
  get: () => T;
  /** Replace the value (a new object or array, never a mutation) and tell the listeners. */
  set: (next: T) => void;
  update: (change: (current: T) => T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const store: Store<T> = {
    get: () => value,
    set: (next) => {
      value = next;
      for (const l of [...listeners]) l();
    },
    update: (change) => store.set(change(value)),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return store;
}

/** The store's value, or the part `select` picks (it must return the same object while nothing changed). */
export function useStore<T>(store: Store<T>): T;
export function useStore<T, S>(store: Store<T>, select: (value: T) => S): S;
export function useStore<T, S>(store: Store<T>, select?: (value: T) => S): T | S {
  const read = useCallback(() => (select ? select(store.get()) : store.get()), [store, select]);
  return useSyncExternalStore(store.subscribe, read);
}
