/**
 * The page's main-thread tasks as Chromium's own trace records them: every task, however
 * short, with the browser's style, layout and paint work inside it (a PerformanceObserver
 * sees only tasks over 50 ms, so a reference that stays under that would read 0).
 */
import type { Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * Starts recording the page's main-thread tasks, with the CPU `cpuSlowdown` times slower;
 * the function returned stops and gives the longest task since, in ms (every task, however
 * short: a figure of "no task over 50 ms" would read 0 and hide what it measures).
 */
export async function watchMainThread(page: Page, cpuSlowdown = 1): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: 'toplevel,__metadata', transferMode: 'ReportEvents' });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    // Not detached: a session detaching brings the page back online when the test had taken
    // it offline (Chromium resets its network emulation); the session ends with its page.

    // The page's main thread: of the renderers' main threads the trace holds, the busiest.
    const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const tasksOf = (m: TraceEvent) =>
      events.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X' && e.pid === m.pid && e.tid === m.tid);
    const busy = (m: TraceEvent) => tasksOf(m).reduce((n, t) => n + (t.dur ?? 0), 0);
    const main = mains.sort((a, b) => busy(b) - busy(a))[0];
    return main ? Math.max(0, ...tasksOf(main).map((t) => (t.dur ?? 0) / 1000)) : Number.NaN;
  };
}

/** The longest main-thread task while `run` runs, in ms, with the CPU `cpuSlowdown` times slower. */
export async function longestTaskWhile(page: Page, run: () => Promise<void>, cpuSlowdown = 1): Promise<number> {
  const stop = await watchMainThread(page, cpuSlowdown);
  let longest = Number.NaN;
  try {
    await run();
  } finally {
    longest = await stop();
  }
  return longest;
}

/**
 * Scrolls the page to its end, a flick of 600 px at a time, a frame apart (as a thumb does),
 * until `endText` is in the page and the page can scroll no further: a list that loads as
 * it scrolls has then loaded its last rows. Being in the page is not enough: a bare list
 * holds its last line from the start, and was once "scrolled" without a single step.
 * Returns the number of flicks.
 */
export async function scrollToText(page: Page, endText: string): Promise<number> {
  const { reached, steps } = await page.evaluate(async (endText) => {
    const deadline = performance.now() + 120_000;
    const root = document.scrollingElement!;
    let steps = 0;
    // No function is declared in here: the bench's compiler would wrap it in a helper the page lacks.
    for (;;) {
      // The text is asked for only at the bottom: its cost is the page's size, not the scroll's.
      const reached = root.scrollTop + root.clientHeight >= root.scrollHeight - 2 && document.body.textContent!.includes(endText);
      if (reached || performance.now() > deadline) return { reached, steps };
      window.scrollBy(0, 600);
      steps++;
      await new Promise((r) => {
        requestAnimationFrame(() => requestAnimationFrame(r));
        setTimeout(r, 150);
      });
    }
  }, endText);
  if (!reached) throw new Error(`"${endText}" never came into view while scrolling`);
  return steps;
}
