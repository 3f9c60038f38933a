/**
 * Broken, blocked or full storage never stops browsing: the app falls back to memory
 * and says so once.
 */
import { CA_MATH, expect, test } from './fixtures';

async function browseWorks(page: import('@playwright/test').Page) {
  await page.goto(`/frameworks/${CA_MATH}`);
  const tree = page.getByRole('tree', { name: 'Standards' });
  await tree.getByRole('treeitem', { name: /^Standards for Math Content/ }).click();
  await expect(tree.getByRole('treeitem', { name: /^Grade 3/ })).toBeVisible();
}

test('blocked storage (as in some private windows and iframes) falls back to memory', async ({ page }) => {
  await page.addInitScript(() => {
    const blocked = () => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    };
    Object.defineProperty(window, 'indexedDB', { get: blocked });
    Object.defineProperty(window, 'localStorage', { get: blocked });
    Object.defineProperty(window, 'sessionStorage', { get: blocked });
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await browseWorks(page);
  await expect(page.getByText('This browser does not let the app store data here')).toBeVisible();
  expect(errors).toEqual([]);
});

test('full storage says so and browsing goes on', async ({ page }) => {
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      if (this.name === 'queries') throw new DOMException('Quota exceeded', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  await browseWorks(page);
  await expect(page.getByText('Storage on this device is full')).toBeVisible({ timeout: 10_000 });
});

test('a corrupted or outdated cache entry is set aside without a crash', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Frameworks' })).toBeVisible();
  await page.waitForTimeout(1500);
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('standards-explorer-cache');
        open.onsuccess = () => {
          const tx = open.result.transaction('queries', 'readwrite');
          tx.objectStore('queries').put('{"clientState": not json', 'standards-explorer.query-cache');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  await page.reload();
  await expect(page.getByRole('list', { name: 'Frameworks' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByText('Some stored data could not be read')).toBeVisible();

  // A cache written by an older build (another buster) is dropped quietly.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const open = indexedDB.open('standards-explorer-cache');
        open.onsuccess = () => {
          const tx = open.result.transaction('queries', 'readwrite');
          tx.objectStore('queries').put(
            JSON.stringify({ buster: 'an-old-build', timestamp: Date.now(), clientState: { queries: [{ bad: true }], mutations: [] } }),
            'standards-explorer.query-cache',
          );
          tx.oncomplete = () => resolve();
        };
      }),
  );
  await page.reload();
  await browseWorks(page);
});
