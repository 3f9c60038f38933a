/**
 * The app on a slow phone network: Chromium throttled to fixed profiles (DevTools protocol
 * network emulation), cold (a new context each run: no HTTP cache, no service worker).
 * Times are the page's own clock from navigation start: when something was first painted
 * (the app's frame, if the HTML draws it) and when the first tree row was in the DOM.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { launch, newContext } from './browser';
import { figure, RUNS, type Figure } from './report';

/** Common Core's 3.NF.A.1: its progression runs from grade 1 to grade 5. */
const PROGRESSION_STANDARD = '6b9bf846-d7cc-11e8-824f-0242ac160002';

export interface NetworkProfile {
  name: string;
  rttMs: number;
  downKbit: number;
  upKbit: number;
}

/** Lighthouse's mobile "slow 4G", and a harder one. */
export const PROFILES: NetworkProfile[] = [
  { name: 'slow 4G', rttMs: 150, downKbit: 1600, upKbit: 750 },
  { name: 'harder (400 ms, 400 kbit/s)', rttMs: 400, downKbit: 400, upKbit: 400 },
];

interface Load {
  framePaint: number;
  firstRow: number;
  scripts: number;
}

/** Records when the first element matching `selector` enters the DOM, before any of the app's scripts run. */
const watchFirst = (selector: string) => `
  new MutationObserver((_, observer) => {
    if (document.querySelector(${JSON.stringify(selector)})) {
      globalThis.__firstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;
const TREE_ROW = '[role=treeitem]';
/** A progression's first card. */
const PROGRESSION_CARD = '[data-node]';

/** Throttles a page's network to a profile (DevTools protocol), for a cold load. */
export async function emulateNetwork(context: BrowserContext, page: Page, profile: NetworkProfile) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: (profile.downKbit * 1000) / 8,
    uploadThroughput: (profile.upKbit * 1000) / 8,
  });
}

async function throttledLoad(browser: Browser, url: string, profile: NetworkProfile, selector = TREE_ROW): Promise<Load> {
  const context = await newContext(browser, { serviceWorkers: 'block' });
  try {
    await context.addInitScript(watchFirst(selector));
    const page = await context.newPage();
    await emulateNetwork(context, page, profile);
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    await page.locator(selector).first().waitFor({ timeout: 120_000 });
    // The row may be in the DOM a frame before anything is painted: wait for the paint entry.
    const framePaint = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({ type: 'paint', buffered: true }),
        ),
    );
    return await page.evaluate((framePaint) => {
      const firstRow = (globalThis as { __firstRow?: number }).__firstRow ?? Number.NaN;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e) => /\.js$/.test(new URL(e.name).pathname) && e.startTime < firstRow);
      return { framePaint, firstRow, scripts: scripts.length };
    }, framePaint);
  } finally {
    await context.close();
  }
}

/**
 * The physical floor of a page's first view on a profile: the bytes it fetched before its
 * first rows (its HTML, then its scripts, styles and data all at once, as the HTML names
 * them), fetched bare by the same throttled browser, with no script run and nothing drawn.
 */
export async function bytesFloor(browser: Browser, url: string, profile: NetworkProfile, selector: string): Promise<number> {
  const plain = await newContext(browser, { serviceWorkers: 'block' });
  let urls: string[];
  try {
    await plain.addInitScript(watchFirst(selector));
    const page = await plain.newPage();
    await page.goto(url);
    await page.locator(selector).first().waitFor({ timeout: 120_000 });
    urls = await page.evaluate(() => {
      const first = (globalThis as { __firstRow?: number }).__firstRow ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < first && new URL(e.name).origin === location.origin)
        .map((e) => e.name);
    });
  } finally {
    await plain.close();
  }
  const context = await newContext(browser, { serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(new URL('/favicon.svg', url).href);
    await emulateNetwork(context, page, profile);
    return await page.evaluate(
      async ({ url, urls }) => {
        const get = (u: string) => fetch(u, { cache: 'no-store' }).then((r) => r.arrayBuffer());
        const start = performance.now();
        await get(url);
        await Promise.all(urls.map(get));
        return performance.now() - start;
      },
      { url, urls },
    );
  } finally {
    await context.close();
  }
}

/** Figures for the browse page and the embed on each profile, and a progression page on slow 4G, each beside its bytes' floor. */
export async function slowNetworkFigures(base: string, frameworkId: string): Promise<Figure[]> {
  const pages = [
    { name: 'browse page', url: `${base}/frameworks/${frameworkId}`, selector: TREE_ROW, first: 'first rows' },
    { name: 'embed', url: `${base}/embed?framework=${frameworkId}&mode=multiple`, selector: TREE_ROW, first: 'first rows' },
    { name: 'progression page', url: `${base}/progressions/${PROGRESSION_STANDARD}`, selector: PROGRESSION_CARD, first: 'first cards' },
  ];
  const browser = await launch();
  const figures: Figure[] = [];
  try {
    for (const profile of PROFILES) {
      for (const p of pages) {
        if (p.selector === PROGRESSION_CARD && profile !== PROFILES[0]) continue;
        const loads: Load[] = [];
        const floors: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          loads.push(await throttledLoad(browser, p.url, profile, p.selector));
          floors.push(await bytesFloor(browser, p.url, profile, p.selector));
        }
        const prefix = `network ${profile.name}: ${p.name}`;
        console.log(
          `  ${prefix}: ${loads.map((l, i) => `${Math.round(l.framePaint)}/${Math.round(l.firstRow)} ms (floor ${Math.round(floors[i]!)})`).join(', ')}`,
        );
        figures.push(
          figure(`${prefix}, its first view's bytes fetched bare (reference)`, floors, 'ms'),
          figure(
            `${prefix}, ${p.first} / bytes fetched bare`,
            loads.map((l, i) => l.firstRow / floors[i]!),
            'ratio',
          ),
        );
        figures.push(
          figure(
            `${prefix}, app frame painted`,
            loads.map((l) => l.framePaint),
            'ms',
          ),
          figure(
            `${prefix}, ${p.first}`,
            loads.map((l) => l.firstRow),
            'ms',
          ),
        );
        if (profile === PROFILES[0])
          figures.push(
            figure(
              `${prefix}, script files requested`,
              loads.map((l) => l.scripts),
              'count',
            ),
          );
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}
