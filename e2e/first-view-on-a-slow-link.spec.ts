import type { Page } from '@playwright/test';
import { CA_MATH, expect, test } from './fixtures';

test.use({ serviceWorkers: 'block' });

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the framework page shows its frame and its first screen: the header with its links, the first rows and the attribution', async ({
    page,
  }) => {
    await page.goto(`/frameworks/${CA_MATH}?grades=3`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Standards Explorer' })).toHaveAttribute('href', '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Sets', 'Saved offline', 'Settings']) await expect(nav.getByRole('link', { name })).toBeVisible();
    // The framework's name and its outline opened to grade 3's first standard (3.G.A.1), from the page's HTML.
    const first = page.locator('[data-first-screen]');
    await expect(first.locator('h1')).toHaveText('California Common Core State Standards - Mathematics');
    await expect(first.locator('[data-row-text]').filter({ has: page.locator('bdi', { hasText: /^3\.G\.A\.1$/ }) })).toBeInViewport();
    await expect(page.getByRole('contentinfo')).toContainText('Learning Commons Knowledge Graph, provided under the CC BY 4.0 license');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: /CC BY 4.0/ })).toBeVisible();
    // (Playwright's text locators skip <noscript>, so CSS here.)
    await expect(page.locator('main noscript p')).toContainText('needs JavaScript');
  });

  test('the embed shows the picker’s frame, not the full app’s header', async ({ page }) => {
    await page.goto(`/embed?framework=${CA_MATH}&mode=multiple`);
    await expect(page.getByRole('status', { name: 'Loading the page' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('CC BY 4.0');
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page).toHaveTitle(/Standards picker/);
  });
});

/**
 * Script files the page asked for before its first tree row (what waits for the first rows,
 * as the search's code does, comes after), and its first API requests.
 */
async function firstLoad(page: Page, url: string) {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.addInitScript(() =>
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[role=treeitem]')) return;
      (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true }),
  );
  await page.goto(url);
  await expect(page.getByRole('treeitem').first()).toBeVisible();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime < (window as unknown as { firstRowAt: number }).firstRowAt && /\.js$/.test(new URL(e.name).pathname))
      .map((e) => new URL(e.name).pathname),
  );
  return {
    scripts,
    children: requests.filter((p) => p === `/api/v0/academic-standards/${CA_MATH}/children`),
    frameworks: requests.filter((p) => p === '/api/v0/standards-frameworks'),
  };
}

test('the framework page asks for its scripts and first answers at once, each once, in a few files', async ({ page }) => {
  const html = await (await page.request.get(`/frameworks/${CA_MATH}`)).text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/view-browse-[^"]+\.js">/);
  expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="/api/v0/academic-standards/${CA_MATH}/children?limit=1000">`);
  const load = await firstLoad(page, `/frameworks/${CA_MATH}`);
  // Preloaded and then asked for by the app: one request each, or the preload was not used.
  expect(load.children).toHaveLength(1);
  expect(load.frameworks).toHaveLength(1);
  expect(load.scripts.length).toBeLessThanOrEqual(8);
  // React took the frame over: one header, one footer.
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  await expect(page.getByRole('status', { name: 'Loading the page' })).toHaveCount(0);
});

test('the embed the same, with fewer files still', async ({ page }) => {
  const load = await firstLoad(page, `/embed?framework=${CA_MATH}&mode=multiple`);
  expect(load.children).toHaveLength(1);
  expect(load.frameworks).toHaveLength(1);
  expect(load.scripts.length).toBeLessThanOrEqual(6);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
});

test('the frame is never replaced by a blank page while the route’s code loads', async ({ page }) => {
  // Every script held back 1.5 s: whatever React renders first must already be the page.
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { blankAt?: number };
    new MutationObserver(() => {
      const root = document.getElementById('root');
      if (root && root.childElementCount === 0 && w.blankAt === undefined) w.blankAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of ['/', '/settings', `/frameworks/${CA_MATH}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { blankAt?: number }).blankAt), path).toBeUndefined();
  }
});

test('the search box takes what is typed before its code arrives, then searches it', async ({ page }) => {
  // The search's code held back: it loads after the first rows, and a quick teacher types first.
  await page.route(/\/assets\/framework-search-[^/]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(`/frameworks/${CA_MATH}`);
  const box = page.getByRole('searchbox', { name: 'Search this framework' });
  await box.fill('3.NF.A.1');
  await expect(page.getByRole('list', { name: 'Search results' })).toContainText('3.NF.A.1', { timeout: 10_000 });
  await expect(box).toHaveValue('3.NF.A.1');
  await expect(box).toBeFocused();
});
