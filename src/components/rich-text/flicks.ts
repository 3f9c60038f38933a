/**
 * Whether the reader is flicking through the page: half a screen or more scrolled within
 * the last WINDOW_MS (five screens a second: nobody reads that fast). Typesetting what
 * passes would only slow the frames they scroll with (the browser lays out and paints a
 * piece of a few formulas in tens of milliseconds here, more on a cheap phone), and on a
 * slow device keep each piece near the screen long enough to be typeset, slowing them
 * further. What they stop at is typeset once they slow down.
 */
export const WINDOW_MS = 100;

interface Sample {
  at: number;
  box: Element;
  y: number;
}

export interface Flicks {
  /** Milliseconds until the reader no longer counts as flicking (0: now). */
  wait: () => number;
  stop: () => void;
}

export function watchFlicks(): Flicks {
  let samples: Sample[] = [];
  /** Where `box` was at `at` (its position is its last sample's until it scrolls again); undefined before its first. */
  const positionAt = (box: Element, at: number) => samples.findLast((s) => s.box === box && s.at <= at)?.y;
  const onScroll = (e: Event) => {
    const box = e.target === document ? document.scrollingElement : e.target;
    if (!(box instanceof Element)) return;
    const at = performance.now();
    // Kept: the window's samples, and each box's last one before it (where the window starts).
    samples = samples.filter((s) => s.at > at - WINDOW_MS || s === samples.findLast((t) => t.box === s.box && t.at <= at - WINDOW_MS));
    samples.push({ at, box, y: box.scrollTop });
  };
  document.addEventListener('scroll', onScroll, { capture: true, passive: true });
  return {
    wait() {
      const now = performance.now();
      let wait = 0;
      for (const box of new Set(samples.map((s) => s.box))) {
        const latest = samples.findLast((s) => s.box === box)!;
        const before = positionAt(box, now - WINDOW_MS) ?? samples.find((s) => s.box === box)!.y;
        // Flicking: until WINDOW_MS after its last move, when the window holds no move at all.
        if (Math.abs(latest.y - before) >= window.innerHeight / 2) wait = Math.max(wait, latest.at + WINDOW_MS - now);
      }
      return wait;
    },
    stop: () => document.removeEventListener('scroll', onScroll, { capture: true }),
  };
}
