import { useEffect } from 'react';

/**
 * The tallest height the picker asks its frame for. The tree scrolls with the picker's own
 * page (one scroll, no box inside it), so a whole outline would ask for thousands of pixels:
 * past this the picker scrolls inside its frame, its Use button pinned at the bottom.
 */
export const MAX_REPORTED_HEIGHT = 960;

/** Calls `report` with the document's height (up to MAX_REPORTED_HEIGHT) whenever it changes (the host sizes the iframe). */
export function useReportHeight(report: (height: number) => void) {
  useEffect(() => {
    let last = -1;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const height = Math.min(Math.ceil(document.documentElement.getBoundingClientRect().height), MAX_REPORTED_HEIGHT);
        if (height !== last) {
          last = height;
          report(height);
        }
      });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    measure();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [report]);
}
