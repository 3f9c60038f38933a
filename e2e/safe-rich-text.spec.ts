import { CC_MATH, HOSTILE_BASE, expect, test } from './fixtures';

const item = (n: number) => `${HOSTILE_BASE}/items/44444444-4444-4444-a444-00000000000${n}`;

test('HTML and script in standards text show literally and never run', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));
  for (const n of [0, 1, 2, 3]) {
    await page.goto(item(n));
    await expect(page.getByRole('region', { name: 'Standard details' }).getByRole('heading', { name: `HX.${n + 1}` })).toBeVisible();
    await page.waitForTimeout(300); // let the lazy renderer and KaTeX settle
    const detail = page.getByRole('region', { name: 'Standard details' });
    await expect(detail.locator('img, script, iframe, a[href^="javascript"]')).toHaveCount(0);
    await detail.locator('span, div').evaluateAll((els) => els.forEach((e) => (e as HTMLElement).click?.()));
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  }
  expect(dialogs).toEqual([]);

  await page.goto(item(0));
  const detail = page.getByRole('region', { name: 'Standard details' });
  await expect(detail).toContainText('<img src=x onerror="window.__xss=1"> and <script>window.__xss=2</script> must show as text');
  // The emphasis tags real descriptions carry are shown as emphasis (never as markup or script).
  await expect(detail.locator('b')).toHaveText('notes');
  await expect(detail).not.toContainText('<b>');

  await page.goto(item(1));
  await expect(detail.locator('.katex')).toHaveCount(2); // description math and notes math
  await expect(detail).toContainText('and x < 5 with');
  await expect(detail.locator('em')).toHaveText('emphasis');
  await expect(detail.locator('strong')).toHaveText('strong');

  await page.goto(item(3));
  await expect(detail).toContainText('# Not a heading');
  await expect(detail).toContainText('1. not a list');
  await expect(detail.getByRole('heading', { name: /Not a heading/ })).toHaveCount(0);
  // (the path navigation is the only list the details may hold)
  await expect(detail.locator('ol:not(nav ol), ul, li:not(nav li), blockquote')).toHaveCount(0);
});

test('prices in a standard stay words beside its math (7.EE.B.3: "$25 an hour", 1/10, 9 3/4)', async ({ page }) => {
  await page.goto('/items/6b9e464c-d7cc-11e8-824f-0242ac160002');
  const detail = page.getByRole('region', { name: 'Standard details' });
  await expect(detail).toContainText('If a woman making $25 an hour gets a 10% raise');
  await expect(detail).toContainText('or $2.50, for a new salary of $27.50');
  // 1/10, 9 3/4 and 27 1/2 are typeset (here and in the aligned state standard), never the prices.
  await expect(detail.locator('.katex').first()).toBeVisible();
  expect(await detail.locator('.katex').count()).toBeGreaterThanOrEqual(3);
  await expect(detail.locator('.katex', { hasText: /hour|week|2\.50|27\.50/ })).toHaveCount(0);
});

test('a row off screen shows its math as readable text, and typesets it once on screen and still', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto(`/frameworks/${CC_MATH}?view=list&grades=3`);
  await expect(page.getByRole('treeitem').first()).toBeVisible();
  // A row the tree holds below the window (the rows kept beyond its edges): 1/b as words, no TeX, nothing typeset.
  const offScreen = await page.waitForFunction(() =>
    [...document.querySelectorAll('[role=treeitem]')].find(
      (el) => el.getBoundingClientRect().top > window.innerHeight + 100 && /\d\/\d|\d\/[a-z]/.test(el.textContent ?? ''),
    ),
  );
  const key = await offScreen.evaluate((el) => (el as HTMLElement).dataset.key!);
  const row = page.locator(`[role=treeitem][data-key="${key}"]`);
  await page.waitForTimeout(500); // still: rows on screen have been typeset by now
  await expect(row.locator('.katex')).toHaveCount(0);
  await expect(row).not.toContainText('\\frac');
  await expect(row).not.toContainText('$');
  await row.scrollIntoViewIfNeeded();
  await expect(row.locator('.katex').first()).toBeVisible();
});
