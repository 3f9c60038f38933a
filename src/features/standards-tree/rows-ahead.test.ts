import { describe, expect, it } from 'vitest';
import { coverScreen, stepToward, type Window } from './rows-ahead';

const screen = (startIndex: number, endIndex: number, count = 1467) => ({ startIndex, endIndex, overscan: 0, count });

describe('rows kept in the page', () => {
  it('keeps the rows already made while they cover the screen and its edges', () => {
    const made: Window = { start: 10, end: 80 };
    expect(coverScreen(made, screen(20, 32))).toBe(made);
  });

  it('starts from the screen and its edges when the scroll outran the rows made', () => {
    expect(coverScreen(null, screen(0, 12))).toEqual({ start: 0, end: 16 });
    expect(coverScreen({ start: 10, end: 40 }, screen(38, 50))).toEqual({ start: 34, end: 54 });
  });

  it('never keeps rows past the end of a list that shrank', () => {
    expect(coverScreen({ start: 0, end: 80 }, screen(0, 12, 30))).toEqual({ start: 0, end: 16 });
    expect(coverScreen(null, screen(20, 29, 30))).toEqual({ start: 16, end: 29 });
  });

  it('grows ahead of a scroll down and trims behind it, a slice at a time, until it rests', () => {
    let w: Window | null = { start: 0, end: 16 };
    const seen: Window[] = [];
    for (let next = stepToward(w, screen(0, 12), true); next; next = stepToward(w, screen(0, 12), true)) seen.push((w = next));
    expect(w).toEqual({ start: 0, end: 60 });
    expect(seen.every((s, i) => s.end - (seen[i - 1]?.end ?? 16) <= 4)).toBe(true);
    // The page scrolled on: the rows far behind leave, in slices too.
    w = stepToward(w, screen(40, 52), true);
    expect(w).toEqual({ start: 4, end: 64 });
  });

  it('grows ahead upwards when the scroll goes up', () => {
    const w = stepToward({ start: 96, end: 116 }, screen(100, 112), false);
    expect(w).toEqual({ start: 92, end: 120 });
  });
});
