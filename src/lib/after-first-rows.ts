/**
 * Work the first screen does not need (the search's code, the offline panel's) starts once
 * the first rows of standards are drawn and the page is idle: on a slow phone link its
 * bytes never compete with the rows' own.
 */
import { whenIdle } from './when-idle';

let drawn = false;
const waiting = new Set<() => void>();

const idle = (run: () => void) => whenIdle(run, 2000);

/** Said by the tree when it first draws rows. */
export function firstRowsDrawn() {
  if (drawn) return;
  drawn = true;
  // The frame after: the rows are painted before anything else starts.
  requestAnimationFrame(() => idle(() => waiting.forEach((run) => run())));
}

/** Runs `run` after the first rows (at once, idle, if they are already drawn); returns a cancel. */
export function afterFirstRows(run: () => void): () => void {
  let live = true;
  const once = () => {
    waiting.delete(once);
    if (live) run();
  };
  if (drawn) idle(once);
  else waiting.add(once);
  return () => {
    live = false;
    waiting.delete(once);
  };
}
