/**
 * A teacher's phone (390 × 844): the first standard of a grade on a slow 4G link, cold (the
 * page's own HTML carries its first screen, server/first-screen.ts); the compare page's
 * length for a grade; and the longest task while the largest framework scrolls by with the
 * CPU four times slower (Chromium's DevTools throttling), as a mid-range phone's.
 */
import type { Page } from '@playwright/test';
import { launch, newContext } from './browser';
import { figure, type Figure } from './report';
import { PROFILES, emulateNetwork } from './slow-network';

const RUNS = Number(process.env.RUNS ?? 5);
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

async function firstStandardOnSlow4G(base: string): Promise<number> {
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

/** The List view of a framework scrolled to its end by the page's one scroll, the CPU 4× slower. */
async function longestTaskScrolling(page: Page, base: string, frameworkId: string): Promise<number> {
  await page.goto(`${base}/frameworks/${frameworkId}?view=list`);
  await page.getByRole('treeitem').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    const result = await page.evaluate(async () => {
      let longest = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => (longest = Math.max(longest, e.duration)))).observe({
        type: 'longtask',
      });
      const deadline = performance.now() + 120_000;
      while (!document.body.textContent!.includes('End of list') && performance.now() < deadline) {
        // A thumb's flick: a screen's height at a time, a frame apart.
        window.scrollBy(0, 600);
        await new Promise((r) => {
          requestAnimationFrame(() => requestAnimationFrame(r));
          setTimeout(r, 150);
        });
      }
      await new Promise((r) => setTimeout(r, 200));
      return { longest, reached: document.body.textContent!.includes('End of list') };
    });
    if (!result.reached) throw new Error('The List view never reached its end on the phone');
    return result.longest;
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

export async function phoneFigures(base: string, largest: { id: string; name: string }, statePrimary: string): Promise<Figure[]> {
  const readable: number[] = [];
  for (let i = 0; i < RUNS; i++) readable.push(await firstStandardOnSlow4G(base));
  console.log(`  first standard readable: ${readable.map(Math.round).join(', ')} ms`);

  const browser = await launch();
  try {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const screens = await compareScreens(page, base, statePrimary);
    const tasks: number[] = [];
    for (let i = 0; i < Math.min(RUNS, 3); i++) tasks.push(await longestTaskScrolling(page, base, largest.id));
    console.log(`  longest task scrolling ${largest.name}: ${tasks.map(Math.round).join(', ')} ms`);
    await context.close();
    return [
      figure('phone slow 4G (390 px), cold: grade 4, first standard readable', readable, 'ms', 'code and text painted'),
      figure('phone (390 px): compare a state with Common Core, grade 4, page height', [screens], 'screens'),
      figure(`phone (390 px), CPU 4× slower: longest task, ${largest.name} List view scrolled to its end`, tasks, 'ms'),
    ];
  } finally {
    await browser.close();
  }
}
