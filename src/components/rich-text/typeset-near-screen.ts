/**
 * Which piece of a long text to typeset next, and when. Pieces near the screen (a screen
 * above and below) are typeset, nearest first, unless the reader is flicking past (see
 * flicks); pieces that leave go back to the text as written. Work goes through the page's
 * one queue (typeset-queue), a few pieces per task.
 */
import { watchFlicks } from './flicks';
import { typesetInTurns } from './typeset-queue';

export interface NearScreenOptions {
  /** The pieces' boxes, in text order. */
  elements: ReadonlyArray<HTMLElement | null>;
  /** Shows piece `i` typeset or as written; typesetting happens inside the call. */
  set: (i: number, typeset: boolean) => void;
  /** Typeset every piece in order, whether near the screen or not (print). */
  all: boolean;
}

/** Starts typesetting; returns what stops it. */
export function typesetNearScreen({ elements, set, all }: NearScreenOptions): () => void {
  const done = new Set<number>();
  const count = elements.length;
  if (all || typeof IntersectionObserver === 'undefined') {
    return typesetInTurns(() => {
      if (done.size < count) {
        set(done.size, true);
        done.add(done.size);
      }
      return done.size < count;
    });
  }
  const near = new Set<number>();
  const flicks = watchFlicks();
  /** How far below or above the window a piece is (0: on screen). Reading it lays out what the last step typeset, in that step's time. */
  const distance = (i: number) => {
    const box = elements[i]?.getBoundingClientRect();
    return box ? Math.max(0, box.top - window.innerHeight, -box.bottom) : Infinity;
  };
  /** The nearest piece not typeset, or -1. */
  const next = () => {
    let piece = -1;
    let nearest = Infinity;
    for (const i of near) {
      if (done.has(i)) continue;
      const d = distance(i);
      if (d < nearest || (d === nearest && i < piece)) [piece, nearest] = [i, d];
    }
    return piece;
  };
  const waiting = () => [...near].some((i) => !done.has(i));
  let cancel: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    if (cancel || !waiting()) return;
    clearTimeout(timer);
    const wait = flicks.wait();
    if (wait > 0) {
      timer = setTimeout(start, wait);
      return;
    }
    cancel = typesetInTurns(() => {
      const i = flicks.wait() > 0 ? -1 : next();
      if (i >= 0) {
        done.add(i);
        set(i, true);
        return true;
      }
      cancel = null;
      start(); // once the reader slows down
      return false;
    });
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const i = Number((e.target as HTMLElement).dataset.piece);
        if (e.isIntersecting) near.add(i);
        else {
          near.delete(i);
          // Far from the screen again: back to the text as written, so the page holds
          // typeset math for a few screens at most, however far the reader goes.
          if (done.delete(i)) set(i, false);
        }
      }
      start();
    },
    { rootMargin: '100% 0px' },
  );
  for (const el of elements) if (el) observer.observe(el);
  return () => {
    observer.disconnect();
    flicks.stop();
    clearTimeout(timer);
    cancel?.();
  };
}
