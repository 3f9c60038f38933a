/**
 * One queue for every long text on the page. A task typesets pieces (steps) for at most
 * BUDGET_MS, then gives input, scrolling and painting their turn before the next task;
 * texts take turns, so two long texts progress together rather than one after the other.
 */
type Step = () => boolean; // true while the text has more to typeset

// A piece costs a few milliseconds; a task stays well under the 50 ms of a long task
// even when its last piece runs over.
const BUDGET_MS = 16;
const queue: Step[] = [];
let scheduled = false;

function runNext() {
  scheduled = false;
  const start = performance.now();
  while (queue.length && performance.now() - start < BUDGET_MS) {
    const step = queue.shift()!;
    if (step()) queue.push(step);
  }
  if (queue.length) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(runNext, 0);
}

/** Runs `step` once per task until it returns false or the returned cancel is called. */
export function typesetInTurns(step: Step): () => void {
  let cancelled = false;
  queue.push(() => !cancelled && step());
  schedule();
  return () => {
    cancelled = true;
  };
}
