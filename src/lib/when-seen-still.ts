/**
 * Work a row does only once a person can see it and the page has stopped moving: typeset
 * its math, measure whether its text is clamped. While the page scrolls, rows enter and
 * leave as plain text, costing the browser what a bare list's rows cost (no typesetting,
 * no layout read in a scroll frame); a moment after it stops, the rows on screen are
 * finished one per task, so a tap never waits behind a screenful of them.
 *
 * One IntersectionObserver and one scroll listener serve every row on the page.
 */

/** How long the page must be still before rows on screen are finished. */
const STILL_MS = 200;

type Finish = () => void;
const waiting = new Map<Element, Finish>();
const inView = new Set<Element>();
let observer: IntersectionObserver | null = null;
/** The page's last scroll, whoever is waiting (kept by the listener below, added once). */
let lastScrollAt = 0;
if (typeof window !== 'undefined')
  window.addEventListener('scroll', () => (lastScrollAt = performance.now()), { passive: true, capture: true });
let timer: ReturnType<typeof setTimeout> | null = null;

function schedule(delay: number) {
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(finishNext, delay);
}

/** Finishes one row in view (the topmost), then gives input and painting their turn before the next. */
function finishNext() {
  timer = null;
  const still = performance.now() - lastScrollAt;
  if (still < STILL_MS) return schedule(STILL_MS - still);
  let first: Element | null = null;
  let top = Infinity;
  for (const el of inView) {
    // A read after the page has been still: its layout is already done, nothing is forced.
    const y = el.getBoundingClientRect().top;
    if (y < top) [first, top] = [el, y];
  }
  if (!first) return;
  const finish = waiting.get(first)!;
  forget(first);
  finish();
  if (inView.size) schedule(0);
}

/** A scroll puts the next row back by the still time. */
function onScroll() {
  if (inView.size) schedule(STILL_MS);
}

function forget(el: Element) {
  waiting.delete(el);
  inView.delete(el);
  observer?.unobserve(el);
  if (waiting.size === 0 && observer) {
    observer.disconnect();
    observer = null;
    window.removeEventListener('scroll', onScroll);
  }
}

/**
 * Resolves once the page has been still (no scrolling) for `ms`: for work that would
 * otherwise land in a scroll frame (writing the cache to storage).
 */
export function pageStill(ms = 1000): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const still = performance.now() - lastScrollAt;
      if (still >= ms) resolve();
      else setTimeout(check, ms - still);
    };
    check();
  });
}

/**
 * Calls `finish` once, when `el` is on screen and the page has been still for a moment.
 * Returns what stops waiting (the row left the page, or its text changed).
 */
export function whenSeenStill(el: Element, finish: Finish): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    finish();
    return () => {};
  }
  if (!observer) {
    observer = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (!waiting.has(e.target)) continue;
        if (e.isIntersecting) inView.add(e.target);
        else inView.delete(e.target);
      }
      if (inView.size) schedule(Math.max(0, STILL_MS - (performance.now() - lastScrollAt)));
    });
    window.addEventListener('scroll', onScroll, { passive: true });
  }
  waiting.set(el, finish);
  observer.observe(el);
  return () => {
    if (waiting.get(el) === finish) forget(el);
  };
}
