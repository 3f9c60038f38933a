import { expect, test } from './fixtures';

test('an API key is kept for the tab only and sent only in x-api-key', async ({ page, expectNoSeriousA11yViolations }) => {
  await page.goto('/settings');
  await expectNoSeriousA11yViolations();
  await page.getByLabel('API key').fill('test-key-123');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status')).toContainText('Connected');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved');

  const seen: Array<{ url: string; key: string | undefined }> = [];
  page.on('request', (r) => seen.push({ url: r.url(), key: r.headers()['x-api-key'] }));
  await page.getByRole('link', { name: 'Standards Explorer' }).click();
  await expect(page.getByRole('list', { name: 'Frameworks' }).getByRole('link').first()).toBeVisible();
  const api = seen.filter((r) => r.url.includes('/api/v0/'));
  expect(api.length).toBeGreaterThan(0);
  expect(api.every((r) => r.key === 'test-key-123' && !r.url.includes('test-key-123'))).toBe(true);
  expect(seen.filter((r) => !r.url.includes('/api/v0/')).every((r) => r.key === undefined)).toBe(true);
  const stored = await page.evaluate(() => ({ session: JSON.stringify(sessionStorage), local: JSON.stringify(localStorage) }));
  expect(stored.session).toContain('test-key-123');
  expect(stored.local).not.toContain('test-key-123');
});

test('a bad base URL is refused with a reason, and an unreachable one says so', async ({ page }) => {
  await page.goto('/settings');
  const url = page.getByLabel('API base URL');
  await url.fill('ftp://example.org/api');
  await expect(page.getByText('Use an http:// or https:// address.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await url.fill('http://127.0.0.1:9/api/v0');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status')).toContainText('The standards service is not answering.');
  // Save tests first and keeps the working address: nothing unreachable is saved by accident.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Nothing was saved.');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('127.0.0.1:9');
  await page.getByRole('button', { name: 'Use the built-in API' }).click();
  await expect(url).toHaveValue('/api/v0');
});

test('an address that answers a web page, not the API, says what to check', async ({ page }) => {
  await page.goto('/settings');
  await page.getByLabel('API base URL').fill('/settings-page-not-an-api');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status')).toContainText('not standards data');
  await expect(page.getByRole('status')).toContainText('web page');
});

test('a custom source that was saved anyway is named on every page, with the way to Settings', async ({ page }) => {
  await page.goto('/settings');
  await page.getByLabel('API base URL').fill('http://127.0.0.1:9/api/v0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('button', { name: 'Save this address anyway' }).click();
  await page.getByRole('link', { name: 'Standards Explorer' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Reading standards from http://127.0.0.1:9/api/v0' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('The standards service is not answering.');
  await notice.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});
