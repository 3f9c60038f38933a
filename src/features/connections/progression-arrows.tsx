/**
 * The arrows of the progression diagram: drawn over the laid-out cards from their
 * measured positions (and again whenever the layout changes size), so the cards stay
 * plain HTML that wraps, prints and reads in order.
 */
import { useLayoutEffect, useState } from 'react';

interface Arrow {
  key: string;
  d: string;
}

export function ProgressionArrows({ container, edges }: { container: HTMLElement | null; edges: Array<{ from: string; to: string }> }) {
  const [arrows, setArrows] = useState<Arrow[]>([]);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    if (!container) return;
    const measure = () => {
      const box = container.getBoundingClientRect();
      const at = (id: string) => container.querySelector<HTMLElement>(`[data-node="${id}"]`)?.getBoundingClientRect();
      const next: Arrow[] = [];
      for (const e of edges) {
        const a = at(e.from);
        const b = at(e.to);
        if (!a || !b) continue;
        const sameColumn = Math.abs(a.left - b.left) < 4;
        // Left to right between columns; within a column, along its right edge.
        const x1 = (sameColumn ? a.right : a.left < b.left ? a.right : a.left) - box.left + container.scrollLeft;
        const x2 = (sameColumn ? b.right : a.left < b.left ? b.left : b.right) - box.left + container.scrollLeft;
        const y1 = a.top + a.height / 2 - box.top;
        const y2 = b.top + b.height / 2 - box.top;
        const bend = sameColumn ? 24 : (x2 - x1) / 2;
        next.push({
          key: `${e.from}>${e.to}`,
          d: `M${x1},${y1} C${x1 + bend},${y1} ${x2 - (sameColumn ? -bend : bend)},${y2} ${x2},${y2}`,
        });
      }
      setArrows(next);
      setSize({ width: container.scrollWidth, height: container.scrollHeight });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, [container, edges]);
  return (
    <svg
      aria-hidden="true"
      className="pointer-events-none absolute top-0 left-0 text-slate-400 dark:text-slate-500"
      width={size.width}
      height={size.height}
    >
      <defs>
        <marker id="progression-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
        </marker>
      </defs>
      {arrows.map((a) => (
        <path key={a.key} d={a.d} fill="none" stroke="currentColor" strokeWidth="1.5" markerEnd="url(#progression-arrow)" />
      ))}
    </svg>
  );
}
