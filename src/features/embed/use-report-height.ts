import { useEffect } from 'react';

/** Calls `report` with the document's height whenever it changes (the host sizes the iframe). */
export function useReportHeight(report: (height: number) => void) {
  useEffect(() => {
    let last = -1;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
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
