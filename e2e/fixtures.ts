import AxeBuilder from '@axe-core/playwright';
import { test as base, expect } from '@playwright/test';

export const CA_MATH = 'c6487102-d7cb-11e8-824f-0242ac160002';
export const CC_MATH = 'c6496676-d7cb-11e8-824f-0242ac160002';
/** California's 3.NF.A.1. */
export const CA_3NFA1 = '5ebef26f-d7cc-11e8-824f-0242ac160002';
/** Common Core's 3.NF.A.1. */
export const CC_3NFA1 = '6b9bf846-d7cc-11e8-824f-0242ac160002';
// Set by playwright.config.ts for the servers it started; never a default that could be someone else's.
const PORT = Number(process.env.E2E_PORT);
if (!PORT) throw new Error('E2E_PORT is not set: run the end-to-end tests with `npx playwright test`, which starts their servers.');
export const APP_BASE = `http://127.0.0.1:${PORT}`;
export const HOSTILE_BASE = `http://127.0.0.1:${PORT + 1}`;
/** The example LMS page, on another site than the app (localhost vs 127.0.0.1). */
export const HOST_BASE = `http://localhost:${PORT + 1}`;

export const test = base.extend<{ expectNoSeriousA11yViolations: () => Promise<void>; failOnPageError: void }>({
  // Every journey fails on an error the page did not catch (an uncaught exception or rejection).
  failOnPageError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
      await use();
      expect(errors, 'errors the page did not catch').toEqual([]);
    },
    { auto: true },
  ],
  expectNoSeriousA11yViolations: async ({ page }, use) => {
    await use(async () => {
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  },
});

export { expect };

/** No accessibility violation of any impact on the page as it is now. */
export async function expectAxeClean(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export { loadOffline, serviceWorkerActivated } from './chromium';

/**
 * A row of the virtualized tree, scrolled to from the tree's top: rows out of its view are
 * not in the page, and a filtered outline that opened itself can be long. Fails when the row
 * never appears.
 */
export async function rowInTree(page: import('@playwright/test').Page, name: RegExp) {
  const tree = page.getByRole('tree', { name: 'Standards' });
  const row = tree.getByRole('treeitem', { name });
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  // Scanned from the top again until it is there: an outline still opening itself adds it later.
  // The tree scrolls with the page (window virtualization): the page is what scrolls.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    for (let i = 0; i < 80 && (await row.count()) === 0; i++) await page.evaluate(() => window.scrollBy(0, 200));
    expect(await row.count()).toBeGreaterThan(0);
    // Found among the rows made ahead of the screen, it may leave the page when that window
    // shrinks back to the screen; brought on screen, it stays.
    await row.first().scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return row;
}
