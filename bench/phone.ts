/**
 * A teacher's phone (390 × 844): the first standard of a grade on a slow 4G link, cold (the
 * page's own HTML carries its first screen, server/first-screen.ts); the compare page's
 * length for a grade; and the longest task while the largest framework scrolls by with the
 * CPU four times slower (Chromium's DevTools throttling), as a mid-range phone's.
 */
import type { Browser, Page } from '@playwright/test';
import { launch, newContext } from './browser';
import { figure, RUNS, type Figure } from './report';
import { PROFILES, emulateNetwork } from './slow-network';
import { BARE_LIST_END, serveBareList } from './bare-list';
import { longestTaskWhile, scrollToText } from './main-thread';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const CC = 'c6496676-d7cb-11e8-824f-0242ac160002';

/**
 * When a standard's code and text are first painted: the first row text holding a standard's
 * code (4.G.A.1, not the grouping 4.G.A) enters the page, then the frame after it. It holds for
 * the rows the HTML carries and for the app's own, whichever comes first.
 */
const WATCH_FIRST_STANDARD = `
  new MutationObserver((_, observer) => {
    const rows = document.querySelectorAll('[data-row-text]');
    for (const row of rows) {
      const code = row.querySelector('bdi')?.textContent ?? '';
      if (/^\\d+\\.[A-Z]+\\.[A-Z]\\.\\d+$/.test(code) && row.textContent.length > code.length + 20) {
        observer.disconnect();
        requestAnimationFrame(() => (globalThis.__firstStandard = performance.now()));
        return;
      }
    }
  }).observe(document, { childList: true, subtree: true });
`;

export async function phoneFirstStandard(base: string): Promise<number> {
  const browser = await launch();
  try {
    const context = await newContext(browser, { ...PHONE, serviceWorkers: 'block' });
    await context.addInitScript(WATCH_FIRST_STANDARD);
    const page = await context.newPage();
    await emulateNetwork(context, page, PROFILES[0]!); // slow 4G
    await page.goto(`${base}/frameworks/${CC}?grades=4`, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(() => (globalThis as { __firstStandard?: number }).__firstStandard, null, { timeout: 120_000 });
    const at = await page.evaluate(() => (globalThis as { __firstStandard?: number }).__firstStandard!);
    await context.close();
    return at;
  } finally {
    await browser.close();
  }
}

async function compareScreens(page: Page, base: string, primary: string): Promise<number> {
  await page.goto(`${base}/compare?framework=${primary}&with=${CC}&grade=4`);
  await page
    .getByRole('table', { name: /compared with/ })
    .getByRole('row')
    .nth(1)
    .waitFor({ timeout: 60_000 });
  await page.waitForTimeout(300);
  return page.evaluate(() => document.documentElement.scrollHeight / window.innerHeight);
}

/**
 * Pairs of scrolls (bare list, then List view): the longest of some 5,000 tasks is the
 * noisiest figure of the bench on both sides (a GC, a late frame: one pair in three reads
 * half or twice the others), so it takes the median of five pairs, not three.
 */
const SCROLL_RUNS = Math.max(RUNS, 5);

/**
 * The longest main-thread task while the List view of a framework scrolls to its end by the
 * page's one scroll, the CPU 4× slower; and the same for the bare list of the same rows,
 * scrolled the same way in the same run (the physical limit: bench/bare-list.ts).
 *
 * Each page is measured in a context of its own: sharing one, the bare list's heap held the
 * app page's garbage, and its longest task was often a major GC of that (50–130 ms).
 */
async function longestTaskScrolling(browser: Browser, appUrl: string, bareUrl: string) {
  const scrolled = async (url: string, ready: (page: Page) => Promise<unknown>, endText: string) => {
    const context = await newContext(browser, PHONE);
    try {
      const page = await context.newPage();
      await page.goto(url);
      await ready(page);
      await page.waitForTimeout(500);
      let flicks = 0;
      const longest = await longestTaskWhile(page, async () => void (flicks = await scrollToText(page, endText)), 4);
      return { longest, flicks };
    } finally {
      await context.close();
    }
  };
  const bare = await scrolled(bareUrl, async () => {}, BARE_LIST_END);
  const app = await scrolled(appUrl, (page) => page.getByRole('treeitem').first().waitFor({ timeout: 60_000 }), 'End of list');
  return { app: app.longest, bare: bare.longest, flicks: { app: app.flicks, bare: bare.flicks } };
}

/**
 * Interaction to next paint (the Event Timing API's duration: input to the frame that shows
 * its answer) of one real input, the CPU 4× slower: the longest of the interaction's events.
 */
async function interactionToNextPaint(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const w = globalThis as { __inp?: number };
    w.__inp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) if (e.interactionId) w.__inp = Math.max(w.__inp!, e.duration);
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    await act();
    await page.waitForTimeout(600); // entries arrive after the next paint
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
  return page.evaluate(() => (globalThis as { __inp?: number }).__inp ?? Number.NaN);
}

/** Tick a standard and type a search (grade 4's outline), expand the framework's top level; CPU 4× slower. */
async function interactions(page: Page, base: string, frameworkId: string) {
  await page.goto(`${base}/frameworks/${frameworkId}?grades=4`);
  // The first standard of the grade: the outline opens down to it.
  const row = page.getByRole('treeitem', { name: /^4\.[A-Z]+\.[A-Z]\.\d+ / }).first();
  await row.waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1000); // the search's code arrives after the first rows
  const tick = await interactionToNextPaint(page, () => row.locator('[data-target=tick]').click());
  const box = page.getByRole('searchbox', { name: 'Search this framework' });
  await box.click();
  const typing = await interactionToNextPaint(page, () => box.pressSequentially('fractions', { delay: 80 }));

  await page.goto(`${base}/frameworks/${frameworkId}`);
  const collapsed = page.locator('[role=treeitem][aria-expanded=false] [data-target=expand]').first();
  await collapsed.waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1000);
  const expand = await interactionToNextPaint(page, () => collapsed.click());

  return { expand, tick, typing };
}

export async function phoneFigures(base: string, largest: { id: string; name: string }, statePrimary: string): Promise<Figure[]> {
  const readable: number[] = [];
  for (let i = 0; i < RUNS; i++) readable.push(await phoneFirstStandard(base));
  console.log(`  first standard readable: ${readable.map(Math.round).join(', ')} ms`);

  const bareList = await serveBareList(base, largest.id);
  const browser = await launch();
  try {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const screens = await compareScreens(page, base, statePrimary);
    const scrolls: Array<{ app: number; bare: number; flicks: { app: number; bare: number } }> = [];
    for (let i = 0; i < SCROLL_RUNS; i++)
      scrolls.push(await longestTaskScrolling(browser, `${base}/frameworks/${largest.id}?view=list`, bareList.url));
    console.log(
      `  longest task scrolling ${largest.name} (${bareList.rows} rows): ${scrolls
        .map((s) => `${Math.round(s.app)} ms in ${s.flicks.app} flicks (bare list ${Math.round(s.bare)} ms in ${s.flicks.bare})`)
        .join(', ')}`,
    );
    const inputs: Array<{ expand: number; tick: number; typing: number }> = [];
    for (let i = 0; i < RUNS; i++) {
      // A new visitor each time: what one run opened would stay open in the next.
      const fresh = await newContext(browser, PHONE);
      inputs.push(await interactions(await fresh.newPage(), base, largest.id));
      await fresh.close();
    }
    console.log(
      `  interaction to next paint: ${inputs.map((x) => `expand ${Math.round(x.expand)}, tick ${Math.round(x.tick)}, typing ${Math.round(x.typing)}`).join('; ')} ms`,
    );
    await context.close();
    const slow = 'phone (390 px), CPU 4× slower';
    return [
      figure('phone slow 4G (390 px), cold: grade 4, first standard readable', readable, 'ms', 'code and text painted'),
      figure('phone (390 px): compare a state with Common Core, grade 4, page height', [screens], 'screens'),
      figure(
        `${slow}: longest task, ${largest.name} List view scrolled to its end`,
        scrolls.map((s) => s.app),
        'ms',
      ),
      figure(
        `${slow}: longest task, the same rows as a bare HTML list (reference)`,
        scrolls.map((s) => s.bare),
        'ms',
      ),
      figure(
        `${slow}: longest task scrolling, List view / bare list`,
        scrolls.map((s) => s.app / Math.max(s.bare, 1)),
        'ratio',
      ),
      figure(
        `${slow}: interaction to next paint, expand a row`,
        inputs.map((x) => x.expand),
        'ms',
      ),
      figure(
        `${slow}: interaction to next paint, tick a standard`,
        inputs.map((x) => x.tick),
        'ms',
      ),
      figure(
        `${slow}: interaction to next paint, typing a search`,
        inputs.map((x) => x.typing),
        'ms',
      ),
    ];
  } finally {
    await browser.close();
    bareList.stop();
  }
}
