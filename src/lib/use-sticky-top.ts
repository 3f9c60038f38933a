import { useLayoutEffect, useState } from 'react';

const GAP = 16;

/**
 * The `top` for a sticky column that may be taller than the window. A short column sticks
 * 16 px below the window's top; a tall one sticks when its bottom reaches the window's
 * bottom, so the page's one scroll reads all of it (no scroll box of its own, decision 024).
 */
export function useStickyTop(ref: React.RefObject<HTMLElement | null>) {
  const [top, setTop] = useState(GAP);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setTop(Math.min(GAP, window.innerHeight - el.offsetHeight - GAP));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return top;
}
