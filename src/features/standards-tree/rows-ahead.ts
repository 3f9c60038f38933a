/**
 * Which rows of a virtualized list are in the page: the ones on screen, and rows ahead of
 * the scroll put in while the browser is idle, a few at a time. A scroll frame then finds
 * the rows it brings into view already styled and laid out, as in a bare list, instead of
 * creating, styling and laying out a screenful inside the frame (the cost of a long task on
 * a cheap phone). Rows far behind the scroll leave the page in idle time too.
 *
 * Only when the scroll outruns the idle work (a fling faster than the rows can be made) are
 * rows put in inside the scroll frame, as a plain virtualized list does.
 */
import type { Range } from '@tanstack/react-virtual';

/** Rows kept beyond the screen's edges, at the least, so a small scroll never waits. */
const EDGE = 4;
/** Rows made ready ahead of the scroll, and kept behind it. */
const AHEAD = 48;
const BEHIND = 16;
/** Rows put in or taken out per idle slice: a few milliseconds of a slow phone's time. */
const SLICE = 4;

export interface Window {
  start: number;
  end: number;
}

/**
 * The rows to keep for the screen `range`, given the rows kept `now`: the same window when
 * it covers the screen with EDGE rows to spare; else (the scroll outran the idle work) just
 * the screen and its edges: a small page is what keeps every frame short.
 */
export function coverScreen(now: Window | null, range: Range): Window {
  const last = range.count - 1;
  const lo = Math.max(0, range.startIndex - EDGE);
  const hi = Math.min(last, range.endIndex + EDGE);
  if (now && now.start <= lo && now.end >= hi && now.end <= last) return now;
  return { start: lo, end: hi };
}

/**
 * One idle slice's step from `now` toward the window wanted for the screen `range` scrolling
 * `down` (or up): grows ahead by SLICE rows, trims behind by SLICE rows; null when `now` is
 * already what is wanted.
 */
export function stepToward(now: Window, range: Range, down: boolean): Window | null {
  const last = range.count - 1;
  const wantStart = Math.max(0, range.startIndex - (down ? BEHIND : AHEAD));
  const wantEnd = Math.min(last, range.endIndex + (down ? AHEAD : BEHIND));
  const toward = (from: number, to: number) => (from < to ? Math.min(to, from + SLICE) : Math.max(to, from - SLICE));
  const next = { start: toward(now.start, wantStart), end: toward(now.end, wantEnd) };
  return next.start === now.start && next.end === now.end ? null : next;
}
