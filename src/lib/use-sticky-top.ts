import { useEffect, useLayoutEffect, useRef } from 'react';

const GAP = 16;

/**
 * A sticky column that may be taller than the window, read by the page's one scroll (no
 * scroll box of its own, decision 024). It moves with the page as the page scrolls, until
 * its bottom (scrolling down) or its top (scrolling up) comes into view, and sticks there:
 * every part of it is reached by scrolling the page either way. A short column simply sticks
 * 16 px below the window's top. `resetOn` (the item shown) brings its top back into view.
 * Writes the column's `top` itself: no render per scroll event.
 */
export function useStickyTop(ref: React.RefObject<HTMLElement | null>, resetOn: unknown, sticky = true) {
  const top = useRef(GAP);
  const held = useRef(false);
  useEffect(() => {
    const el = ref.current;
    // Where the column does not stick (a phone: it stands above the tree), scrolling asks nothing of it.
    if (!el || !sticky) return;
    let lastY = window.scrollY;
    // The column's height, as its observer last reported it: a scroll event never reads
    // layout (a read there would force the browser to lay out the page inside the scroll frame).
    let height = el.offsetHeight;
    let first = true;
    // After another item is opened, scrolls the reader did not make (the tree bringing the item's
    // row into view) leave the column's top in view; the reader's own wheel, touch or key frees it.
    const freed = () => (held.current = false);
    const apply = (next: number) => {
      const lowest = Math.min(GAP, window.innerHeight - height - GAP);
      const value = Math.max(lowest, Math.min(GAP, next));
      // Written only when it moves: each write restyles the whole column.
      if (value === top.current && !first) return;
      first = false;
      top.current = value;
      el.style.setProperty('--sticky-top', `${top.current}px`);
    };
    const onScroll = () => {
      const y = window.scrollY;
      apply(held.current ? GAP : top.current - (y - lastY));
      lastY = y;
    };
    const onResize = () => apply(top.current);
    apply(top.current);
    const observer = new ResizeObserver(([entry]) => {
      height = entry?.borderBoxSize?.[0]?.blockSize ?? el.offsetHeight;
      onResize();
    });
    observer.observe(el);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    const reader = ['wheel', 'touchstart', 'keydown'] as const;
    for (const type of reader) window.addEventListener(type, freed, { passive: true, capture: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
      for (const type of reader) window.removeEventListener(type, freed, { capture: true });
    };
  }, [ref, sticky]);
  // Another item: its heading shows, whatever part of the last one was being read.
  useLayoutEffect(() => {
    top.current = GAP;
    held.current = true;
    ref.current?.style.setProperty('--sticky-top', `${GAP}px`);
  }, [ref, resetOn]);
}
