/**
 * The app on a slow phone network: Chromium throttled to fixed profiles (DevTools protocol
 * network emulation), cold (a new context each run: no HTTP cache, no service worker).
 * Times are the page's own clock from navigation start: when something was first painted
 * (the app's frame, if the HTML draws it) and when the first tree row was in the DOM.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { launch, newContext } from './browser';
import { figure, type Figure } from './report';

const RUNS = Number(process.env.RUNS ?? 5);

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

/** Records when the first treeitem enters the DOM, before any of the app's scripts run. */
const WATCH_FIRST_ROW = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('[role=treeitem]')) {
      globalThis.__firstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

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

async function throttledLoad(browser: Browser, url: string, profile: NetworkProfile): Promise<Load> {
  const context = await newContext(browser, { serviceWorkers: 'block' });
  try {
    await context.addInitScript(WATCH_FIRST_ROW);
    const page = await context.newPage();
    await emulateNetwork(context, page, profile);
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    await page.getByRole('treeitem').first().waitFor({ timeout: 120_000 });
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

/** Figures for the browse page and the embed on each profile. */
export async function slowNetworkFigures(base: string, frameworkId: string): Promise<Figure[]> {
  const pages = [
    { name: 'browse page', url: `${base}/frameworks/${frameworkId}` },
    { name: 'embed', url: `${base}/embed?framework=${frameworkId}&mode=multiple` },
  ];
  const browser = await launch();
  const figures: Figure[] = [];
  try {
    for (const profile of PROFILES) {
      for (const p of pages) {
        const loads: Load[] = [];
        for (let i = 0; i < RUNS; i++) loads.push(await throttledLoad(browser, p.url, profile));
        const prefix = `network ${profile.name}: ${p.name}`;
        console.log(`  ${prefix}: ${loads.map((l) => `${Math.round(l.framePaint)}/${Math.round(l.firstRow)} ms`).join(', ')}`);
        figures.push(
          figure(
            `${prefix}, app frame painted`,
            loads.map((l) => l.framePaint),
            'ms',
          ),
          figure(
            `${prefix}, first rows`,
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
