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
