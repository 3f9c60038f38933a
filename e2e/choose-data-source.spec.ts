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
  await expect(page.getByRole('status')).toContainText('could not be reached');
  await page.getByRole('button', { name: 'Use the built-in API' }).click();
  await expect(url).toHaveValue('/api/v0');
});
