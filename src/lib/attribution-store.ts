/**
 * Which attribution statements belong to the data on screen. Views register what they
 * show; the footer renders the distinct statements. CC BY 4.0 requires attribution, so
 * the footer never depends on any one view remembering to render it.
 */
import { useEffect } from 'react';
import { createStore, useStore } from './store';

// How many views show each statement; the store holds the distinct statements.
const counts = new Map<string, number>();
const onScreen = createStore<string[]>([]);
const publish = () => onScreen.set([...counts.keys()]);

export function useShowsAttribution(statements: readonly (string | null | undefined)[]) {
  const key = [...new Set(statements.filter((s): s is string => !!s))].sort().join('\u0000');
  useEffect(() => {
    const list = key ? key.split('\u0000') : [];
    for (const s of list) counts.set(s, (counts.get(s) ?? 0) + 1);
    publish();
    return () => {
      for (const s of list) {
        const n = (counts.get(s) ?? 1) - 1;
        if (n <= 0) counts.delete(s);
        else counts.set(s, n);
      }
      publish();
    };
  }, [key]);
}

export const useAttributionsOnScreen = (): string[] => useStore(onScreen);
