/**
 * The browser every Playwright run here uses, tests and bench alike, and what both wait
 * for before they go offline or deploy a new version.
 */
import type { Page } from '@playwright/test';
import { existsSync } from 'node:fs';

/** Debian's Chromium where it exists (Playwright's own download is not reachable everywhere). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
export const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The service worker must be active (not just registered) before the network goes or a new version can wait behind it. */
export async function serviceWorkerActivated(page: Page) {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const worker = reg.active!;
    if (worker.state !== 'activated')
      await new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(null)));
  });
}

const conditions = (offline: boolean) => ({ offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

/**
 * Loads a page (`load`: a goto or a reload) with the network gone, as a browser without
 * one does. Debian's Chromium 150 under Playwright 1.65 cuts a new document's network
 * when the context is offline but leaves its `navigator.onLine` true, where a real
 * browser without a network says false (and the app then says "service not answering"
 * instead of "offline"); emulating offline again on the page's own DevTools session
 * gives the document the true state and its `offline` event. Returns how to come back.
 */
export async function loadOffline(page: Page, load: () => Promise<unknown>): Promise<() => Promise<void>> {
  const context = page.context();
  await context.setOffline(true);
  await load();
  const session = await context.newCDPSession(page);
  await session.send('Network.emulateNetworkConditions', conditions(true));
  return async () => {
    // The network first, then the document's state: its `online` event refetches.
    await context.setOffline(false);
    await session.send('Network.emulateNetworkConditions', conditions(false));
    await session.detach();
  };
}
