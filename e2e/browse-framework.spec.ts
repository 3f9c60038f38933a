import { CA_3NFA1, CA_MATH, expect, rowInTree, test } from './fixtures';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a teacher drills down to 3.NF.A.1 of California Math and copies it, with math and attribution', async ({
  page,
  expectNoSeriousA11yViolations,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: /California Common Core/ }).click();
  await page.getByRole('group', { name: 'Grade' }).getByRole('button', { name: '3', exact: true }).click();
  await expect(page).toHaveURL(/grades=3/);

  // The grade's outline opens itself down to its standards: no four clicks to reach the first one.
  const tree = page.getByRole('tree', { name: 'Standards' });
  for (const name of [/^Standards for Math Content/, /^Grade 3/]) {
    await expect(tree.getByRole('treeitem', { name })).toHaveAttribute('aria-expanded', 'true');
  }
  for (const name of [/^Number & Operations—Fractions/, /^3\.NF\.A Develop/]) {
    await expect(await rowInTree(page, name)).toHaveAttribute('aria-expanded', 'true');
  }
  // Filtered to grade 3: other grades' groupings are pruned, and the notice does not change as branches load.
  await expect(tree.getByRole('treeitem', { name: /^Grade 4/ })).toHaveCount(0);
  await expect(page.getByText('Filtered: matching standards, inside the groupings that hold them.')).toBeVisible();

  // Its rows are announced as a person reads them: math as plain text, never raw TeX.
  const standard = await rowInTree(page, /^3\.NF\.A\.1 Understand a fraction 1\/b as the quantity/);
  await expect(standard).toHaveAttribute('aria-level', '5');
  await standard.click();
  const detail = page.getByRole('region', { name: 'Standard details' });
  await expect(detail.getByRole('heading', { name: '3.NF.A.1', exact: true })).toBeVisible();
  await expect(detail.locator('.katex').first()).toBeVisible(); // $\frac{1}{b}$ rendered as math
  await expect(detail.locator('.katex-html').first()).toBeVisible();
  await expect(detail).not.toContainText('$');
  await expect(page.getByRole('contentinfo')).toContainText('California Department of Education');
  await expect(page).toHaveURL(new RegExp(`item=${CA_3NFA1}`));

  await detail.getByRole('button', { name: 'Copy text' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Copied' })).toHaveText('Copied the text with attribution.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^3\.NF\.A\.1 Understand a fraction 1\/b as the quantity/);
  expect(copied).not.toContain('$');
  expect(copied).toContain('Knowledge Graph is provided by Learning Commons under the CC BY-4.0 license.');
  await expectNoSeriousA11yViolations();
});

test('keyboard only: move, expand, enter, type-ahead and select', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  const tree = page.getByRole('tree', { name: 'Standards' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  for (let i = 0; i < 40 && !(await page.evaluate(() => document.activeElement?.getAttribute('role') === 'treeitem')); i++)
    await page.keyboard.press('Tab');
  const content = tree.getByRole('treeitem', { name: /^Standards for Math Content/ });
  await expect(content).toBeFocused();

  await page.keyboard.press('ArrowRight');
  await expect(content).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.getByRole('treeitem', { name: /^Kindergarten/ })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tree.getByRole('treeitem', { name: /^Kindergarten/ })).toBeFocused();
  await page.keyboard.type('Grade 3');
  const grade3 = tree.getByRole('treeitem', { name: /^Grade 3/ });
  await expect(grade3).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tree.getByRole('treeitem', { name: /^Geometry/ })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tree.getByRole('treeitem', { name: /^Geometry/ })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(grade3).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(grade3).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('End');
  await expect(tree.getByRole('treeitem', { name: /^Standards for HS Math Content/ })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(content).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Standard details' })).toContainText('Kindergarten');
});

test('the list view of Common Core Math scrolls to the end: 836 distinct items, with only visible rows in the DOM', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/frameworks/c6496676-d7cb-11e8-824f-0242ac160002?view=list');
  const tree = page.getByRole('tree', { name: 'Standards' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  const seen = new Set<string>();
  let maxInDom = 0;
  for (let i = 0; i < 800; i++) {
    // One round trip per step: read the rendered rows, then scroll less than a window.
    const step = await tree.evaluate((el) => {
      const keys = [...el.querySelectorAll('[role=treeitem]')].map((e) => e.getAttribute('data-key')!);
      // The page scrolls, not a box around the tree.
      const page = document.scrollingElement!;
      const atBottom = page.scrollTop + page.clientHeight >= page.scrollHeight - 2;
      window.scrollBy(0, 400);
      return { keys, atBottom, ended: el.parentElement!.textContent!.includes('End of list · 836 items') };
    });
    step.keys.forEach((k) => seen.add(k));
    maxInDom = Math.max(maxInDom, step.keys.length);
    if (step.atBottom && step.ended) break;
    await page.waitForTimeout(40);
  }
  await expect(page.getByText('End of list · 836 items')).toBeVisible();
  expect(seen.size).toBe(836);
  // The rows on screen (up to 16 one-line rows of 44 px), 48 made ahead of the scroll, 16 kept
  // behind it and 4 at each edge (rows-ahead.ts): some 90 at most, never the framework's 836.
  expect(maxInDom).toBeLessThan(100);
});

test('each answer is asked for once: the page prefetch is kept, and a branch opened again comes from the cache', async ({ page }) => {
  const asked = new Map<string, number>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/v0/')) asked.set(url.pathname + url.search, (asked.get(url.pathname + url.search) ?? 0) + 1);
  });
  await page.goto(`/frameworks/${CA_MATH}`);
  const top = page.getByRole('treeitem', { name: /^Standards for Math Content/ });
  await top.click();
  await expect(top).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('treeitem', { name: /^Grade 3/ })).toBeVisible();
  await page.keyboard.press('ArrowLeft'); // closed…
  await expect(top).toHaveAttribute('aria-expanded', 'false');
  await page.waitForTimeout(300); // …long enough for an unwatched answer to be collected, if it were
  await page.keyboard.press('ArrowRight'); // …and opened again
  await expect(page.getByRole('treeitem', { name: /^Grade 3/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...asked.keys()].some((u) => u.includes('/children'))).toBe(true);
  expect([...asked].filter(([, n]) => n > 1)).toEqual([]);
});

test('reload and back/forward restore the view', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  await page.getByRole('group', { name: 'Grade' }).getByRole('button', { name: '3', exact: true }).click();
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  const row = page.getByRole('treeitem', { name: /^3\.G\.A\.1 / });
  await row.click();
  await expect(page.getByRole('region', { name: 'Standard details' }).getByRole('heading', { name: '3.G.A.1', exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('group', { name: 'Grade' }).getByRole('button', { name: '3', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Standard details' }).getByRole('heading', { name: '3.G.A.1', exact: true })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('region', { name: 'Standard details' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Outline' })).toHaveAttribute('aria-pressed', 'true');
  await page.goForward();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
});

test('a bad link falls back to defaults with a notice', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}?grades=3,99&view=grid&subject=Mathematics`);
  await expect(page.getByRole('status').filter({ hasText: 'This link had an invalid grade, view' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Outline' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Subject')).toHaveValue('Mathematics');
  await expect(page.getByRole('treeitem', { name: /^Standards for Math Content/ })).toBeVisible();
});

test('an unknown item says it was not found and what to do, with attribution still on screen', async ({
  page,
  expectNoSeriousA11yViolations,
}) => {
  await page.goto('/items/00000000-0000-4000-8000-000000000000');
  const detail = page.getByRole('region', { name: 'Standard details' });
  await expect(detail.getByRole('alert')).toContainText('No standard with this ID was found.');
  await expect(detail.getByRole('alert')).toContainText('The link may be mistyped');
  // Nothing a teacher cannot use: no API wording, no request id, no "Try again" that cannot help.
  await expect(detail.getByRole('alert')).not.toContainText('caseIdentifierUUID');
  await expect(detail.getByRole('alert')).not.toContainText('Request id');
  await expect(detail.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('CC BY 4.0');
  await expectNoSeriousA11yViolations();
});

test('an item page reads in full, with links to what it contains', async ({ page, expectNoSeriousA11yViolations }) => {
  await page.goto('/items/5ebfcd53-d7cc-11e8-824f-0242ac160002'); // 4.NF.B
  const detail = page.getByRole('region', { name: 'Standard details' });
  await expect(detail.getByRole('heading', { name: '4.NF.B', exact: true })).toBeVisible();
  await detail.getByRole('link', { name: /^4\.NF\.B\.3 / }).click();
  await expect(detail.getByRole('heading', { name: '4.NF.B.3', exact: true })).toBeVisible();
  await expect(detail.getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/');
  await expectNoSeriousA11yViolations();
});

test('when the service cannot list a framework top level (404), the list view takes over and says why', async ({ page }) => {
  // The hosted service may answer 404 for a framework UUID on /children; the local API never does,
  // so only this one answer is replaced.
  await page.route(`**/api/v0/academic-standards/${CA_MATH}/children**`, (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'NotFoundError', message: 'Not found', requestId: 'r1' }),
    }),
  );
  await page.goto(`/frameworks/${CA_MATH}`);
  await expect(page.getByText("does not list a framework's top level")).toBeVisible();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/Showing 100 items/)).toBeVisible();
});
