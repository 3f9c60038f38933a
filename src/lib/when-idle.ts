/**
 * Runs `work` when the browser is idle, within `timeout` ms at the latest; where the browser
 * cannot say (no requestIdleCallback), after `fallbackMs`. Returns a cancel.
 */
export function whenIdle(work: () => void, timeout: number, fallbackMs = 200): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, fallbackMs);
  return () => clearTimeout(id);
}
