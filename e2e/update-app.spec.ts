import type { Page } from '@playwright/test';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REAL_DATA, openApi } from '../server/test-support/real-api';
import { listen } from '../server/test-support/listen';
import { expect, serviceWorkerActivated, test as base } from './fixtures';

/**
 * The app served from its own copy of the build, so the test can deploy a new version
 * under a running tab. The browser fetches the worker script past any request
 * interception, so the file itself must change, as it does when a school redeploys.
 */
const test = base.extend<{ site: { url: string; deployNextVersion: () => void } }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  site: async ({}, use) => {
    const dist = mkdtempSync(join(tmpdir(), 'standards-explorer-dist-'));
    cpSync('dist', dist, { recursive: true });
    const { app, store } = await openApi(REAL_DATA, { distDir: dist });
    const server = await listen(app.fetch);
    await use({
      url: server.url,
      deployNextVersion: () => appendFileSync(join(dist, 'sw.js'), "\nself.deployedBuild = 'next';\n"),
    });
    await server.close();
    store.close();
    rmSync(dist, { recursive: true, force: true });
  },
});

const workerState = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return { waiting: !!reg?.waiting, controlled: !!navigator.serviceWorker.controller };
  });

const deployedBuild = () => (self as unknown as { deployedBuild?: string }).deployedBuild ?? 'first';

test('a new version waits for the user: Later keeps this one, Reload switches', async ({ page, context, site }) => {
  // A returning visitor: the installed version controls the page.
  await page.goto(`${site.url}/`);
  await serviceWorkerActivated(page);
  await page.reload();
  expect(await workerState(page)).toEqual({ waiting: false, controlled: true });
  await expect(page.getByRole('list', { name: 'Frameworks' }).getByRole('link').first()).toBeVisible();
  expect(await Promise.all(context.serviceWorkers().map((w) => w.evaluate(deployedBuild)))).toEqual(['first']);

  site.deployNextVersion();
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
  const prompt = page.getByRole('alert').filter({ hasText: 'Update available' });
  await expect(prompt).toBeVisible();

  // "Later": the page goes on with the version it started with; the new one keeps waiting.
  await prompt.getByRole('button', { name: 'Later' }).click();
  await expect(prompt).toBeHidden();
  await page.getByRole('link', { name: /California Common Core/ }).click();
  await expect(page.getByRole('tree', { name: 'Standards' })).toBeVisible();
  expect(await workerState(page)).toEqual({ waiting: true, controlled: true });

  // The next visit asks again; "Reload" activates the new version and reloads the page once.
  await page.reload();
  await expect(prompt).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('tree', { name: 'Standards' })).toBeVisible();
  await expect(prompt).toBeHidden();
  expect(await workerState(page)).toEqual({ waiting: false, controlled: true });
  await expect
    .poll(async () => Promise.all(context.serviceWorkers().map((w) => w.evaluate(deployedBuild).catch(() => 'stopped'))))
    .toContain('next');
});
