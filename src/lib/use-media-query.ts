import { useCallback, useSyncExternalStore } from 'react';

/** One list per query, kept: React reads the query on every render, and a new list each time was a cost felt while scrolling. */
const lists = new Map<string, MediaQueryList>();
const listFor = (query: string) => {
  let list = lists.get(query);
  if (!list) lists.set(query, (list = window.matchMedia(query)));
  return list;
};

/** Whether a CSS media query holds now, following it as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listFor(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => listFor(query).matches);
}

/**
 * Below Tailwind's `lg` the details stand above the tree, not beside it: the framework page
 * folds its filters and tools into one compact bar there (decision 024).
 */
export const COMPACT_LAYOUT = '(max-width: 1023px)';

/**
 * The tallest frame in which the embedded picker gives its results the room: its tools go
 * behind one Options button (`short-frame:` in styles.css is the same query, for styles).
 */
export const SHORT_FRAME_MAX_HEIGHT = 400;
export const SHORT_FRAME = `(max-height: ${SHORT_FRAME_MAX_HEIGHT}px)`;
