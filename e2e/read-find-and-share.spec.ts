/**
 * What teachers tripped on, as journeys on the carried data: reading rows without opening
 * each, filters that open the outline, links that keep the view and land at the standard,
 * search within the page's filters, names a screen reader can say, a picker in a small panel.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { CA_3NFA1, CA_MATH, CC_MATH, expect, loadOffline, rowInTree, serviceWorkerActivated, test } from './fixtures';

const tree = (page: Page) => page.getByRole('tree', { name: 'Standards' });
const searchBox = (page: Page) => page.getByRole('searchbox');
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });

const GRADES = ['PK', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];

/** For each result, whether its grade badge ("Grade 4", "Grades 3–5", "Grades K–8", "Grades 3, 4") includes grade 4. */
async function resultGrades(page: Page): Promise<boolean[]> {
  await expect(
    results(page)
      .getByRole('listitem')
      .first()
      .getByText(/^Grades? /),
  ).toBeVisible();
  // Each result (not the "Show more" row).
  const badges = await results(page)
    .locator('li:has([data-search-result])')
    .evaluateAll((items) =>
      items.map((i) => [...i.querySelectorAll('span')].map((b) => b.textContent ?? '').find((t) => /^Grades? /.test(t)) ?? ''),
    );
  return badges.map((badge) => {
    const b = badge.replace(/^Grades? /, '');
    const range = /^(\w+)–(\w+)$/.exec(b);
    if (range) return GRADES.indexOf(range[1]!) <= GRADES.indexOf('4') && GRADES.indexOf('4') <= GRADES.indexOf(range[2]!);
    return b.split(/,\s*/).includes('4');
  });
}

async function uuidOf(request: APIRequestContext, code: string, jurisdiction: string) {
  const found = (await (
    await request.get(`/api/v0/academic-standards/search?statementCode=${code}&jurisdiction=${jurisdiction}`)
  ).json()) as Array<{ caseIdentifierUUID: string }>;
  expect(found).toHaveLength(1);
  return found[0]!.caseIdentifierUUID;
}

test.describe('reading the outline', () => {
  test('rows wrap to three lines with the code first; Full text shows all of it and stays in the address', async ({ page }) => {
    await page.goto(`/frameworks/${CC_MATH}?grades=4`);
    const row = await rowInTree(page, /^4\.NF\.A\.1 /);
    // Two or three lines of its 290 characters, not one line cut at 40–60.
    const lines = await row.evaluate((el) => {
      const text = el.querySelector('[data-row-text]')!;
      return Math.round(text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight));
    });
    expect(lines).toBeGreaterThanOrEqual(2);
    expect(lines).toBeLessThanOrEqual(3);
    const code = row.locator('bdi').first();
    await expect(code).toHaveText('4.NF.A.1');
    expect((await code.boundingBox())!.y - (await row.boundingBox())!.y).toBeLessThan(20); // on the first line

    await page.getByRole('button', { name: 'Full text', exact: true }).click();
    await expect(page).toHaveURL(/text=full/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Full text', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const full = await rowInTree(page, /^4\.NF\.A\.1 /);
    await expect(full).toContainText('Use this principle to recognize and generate equivalent fractions.');
    const text = full.locator('[data-row-text]');
    expect(await text.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    expect(await text.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe('none');
  });

  test('choosing a grade opens the outline down to its standards, once; a wide filter opens only what fits', async ({ page }) => {
    await page.goto(`/frameworks/${CA_MATH}`);
    await expect(tree(page).getByRole('treeitem').first()).toBeVisible();
    await page.getByRole('group', { name: 'Grade' }).getByRole('button', { name: '4', exact: true }).click();
    const grade = tree(page).getByRole('treeitem', { name: /^Grade 4/ });
    await expect(grade).toHaveAttribute('aria-expanded', 'true');
    // Content, grade, domain and cluster open: the grade's standards are in the outline, no clicks needed.
    const standard = await rowInTree(page, /^4\.NF\.A\.1 /);
    await expect(standard).toHaveAttribute('aria-level', '5');
    await expect(tree(page).getByRole('treeitem', { name: /^Grade 3/ })).toHaveCount(0);

    // A branch the teacher closes stays closed: the filter opened the outline once.
    await page.evaluate(() => window.scrollTo(0, 0));
    await grade.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(grade).toHaveAttribute('aria-expanded', 'false');
    await page.waitForTimeout(500);
    await expect(grade).toHaveAttribute('aria-expanded', 'false');

    // Standards of every grade would be hundreds of rows: the outline opens only the levels that fit.
    await page.goto(`/frameworks/${CC_MATH}?type=Standard`);
    await expect(tree(page).getByRole('treeitem', { name: /^Kindergarten/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(tree(page).getByRole('treeitem', { name: /^Counting & Cardinality/ })).toHaveAttribute('aria-expanded', 'false');
    // The levels open one after another as their children arrive.
    await expect
      .poll(() => page.evaluate(() => document.querySelectorAll('[role="treeitem"][aria-expanded="true"]').length))
      .toBeGreaterThan(2);
  });

  test('rows are announced with the math as words, never raw TeX', async ({ page }) => {
    await page.goto(`/frameworks/${CA_MATH}?grades=3`);
    const row = await rowInTree(page, /^3\.NF\.A\.1 /);
    await expect(row).toHaveAccessibleName(/^3\.NF\.A\.1 Understand a fraction 1\/b as the quantity formed by 1 part/);
    const names = await tree(page)
      .getByRole('treeitem')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
    expect(names.filter((n) => /\$|\\[a-z]/.test(n))).toEqual([]);
  });
});

test.describe('links that hold', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('Copy link copies the view as the address holds it; Copy page link the standard’s own page', async ({ page }) => {
    await page.goto(`/frameworks/${CA_MATH}?grades=3&type=Standard&text=full&item=${CA_3NFA1}`);
    const detail = page.getByRole('region', { name: 'Standard details' });
    await detail.getByRole('button', { name: 'Copy link', exact: true }).click();
    await expect(detail.getByRole('status').filter({ hasText: 'Copied' })).toHaveText('Copied the link to this view.');
    const view = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(view.pathname).toBe(`/frameworks/${CA_MATH}`);
    expect(Object.fromEntries(view.searchParams)).toEqual({ grades: '3', type: 'Standard', text: 'full', item: CA_3NFA1 });

    await detail.getByRole('button', { name: 'Copy page link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/items/${CA_3NFA1}`);
    // The copied view opens as it was left.
    await page.goto(view.pathname + view.search);
    await expect(page.getByRole('group', { name: 'Grade' }).getByRole('button', { name: '3', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('treeitem', { name: /^3\.NF\.A\.1 / })).toHaveAttribute('aria-selected', 'true');
  });

  test('a shared link on a 390 px phone opens at the standard, under the framework’s name', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/frameworks/${CA_MATH}?item=${CA_3NFA1}`);
    const heading = page.getByRole('region', { name: 'Standard details' }).getByRole('heading', { name: '3.NF.A.1', exact: true });
    await expect(heading).toBeVisible();
    await page.waitForTimeout(500); // nothing moves the page afterwards
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    await expect(heading).toBeInViewport();
    // The details come before the tree; a tapped row brings its details back into view.
    const row = await rowInTree(page, /^3\.NF\.A\.2 /);
    await row.scrollIntoViewIfNeeded();
    await row.click();
    await expect(
      page.getByRole('region', { name: 'Standard details' }).getByRole('heading', { name: '3.NF.A.2', exact: true }),
    ).toBeInViewport();
    // Its Common Core match opens beside it, at the top of the details, not down the page. On a
    // phone the connections are one line of counts first: it opens them.
    await page.getByRole('region', { name: 'Connections' }).getByRole('button', { expanded: false }).first().click();
    await page.getByRole('list', { name: 'Aligned Common Core standards' }).getByRole('link', { name: '3.NF.A.2' }).click();
    const back = page.getByRole('link', { name: '← Back to 3.NF.A.2' });
    await expect(back).toBeFocused();
    await page.waitForTimeout(800); // the match's details load above the tree: the page stays at them
    await expect(back).toBeInViewport();
  });
});

test.describe('search within the page', () => {
  test('with grade 4 chosen, results are grade 4’s, Enter opens the best standard; all grades are one click away', async ({ page }) => {
    await page.goto(`/frameworks/${CC_MATH}?grades=4`);
    await searchBox(page).fill('equivalent fractions');
    const status = page.getByRole('status').filter({ hasText: /results?/ });
    await expect(status).toContainText('in grade 4');
    await expect(results(page).getByRole('listitem').first()).toContainText('4.NF.A.1');
    expect((await resultGrades(page)).every(Boolean)).toBe(true);
    await expect(results(page).getByText('Outside your filters')).toHaveCount(0);
    // A result is announced code and text first, its math as words, then its type, grade and place.
    await expect(results(page).getByRole('button').first()).toHaveAccessibleName(
      /^4\.NF\.A\.1 Explain why a fraction a\/b is equivalent to a fraction \(n × a\)\/\(n × b\) by using .* Standard\. Grade 4\. in Standards for Math Content › Grade 4/,
    );

    await page.getByRole('button', { name: 'Search all grades' }).click();
    await expect(status).toContainText('in all grades');
    await expect(results(page).getByText('Outside your filters').first()).toBeVisible();
    expect((await resultGrades(page)).some((inGrade4) => !inGrade4)).toBe(true);
    await page.getByRole('button', { name: 'Only grade 4' }).click();
    await expect(status).toContainText('in grade 4');

    // Enter opens a standard, not the cluster or domain that shares the words.
    await searchBox(page).press('Enter');
    const detail = page.getByRole('region', { name: 'Standard details' });
    await expect(detail.getByRole('heading', { name: '4.NF.A.1', exact: true })).toBeVisible();
    await expect(detail).toContainText('Standard');
  });

  test('nothing in the filters: every grade is searched and the status says so; a grouping’s code opens it', async ({ page }) => {
    await page.goto(`/frameworks/${CC_MATH}?grades=4`);
    await searchBox(page).fill('3.NF.A.1');
    await expect(page.getByRole('status').filter({ hasText: /results?/ })).toContainText('in all grades (none in grade 4)');
    await expect(results(page).getByRole('listitem').first()).toContainText('Outside your filters');
    await searchBox(page).press('Enter');
    await expect(
      page.getByRole('region', { name: 'Standard details' }).getByRole('heading', { name: '3.NF.A.1', exact: true }),
    ).toBeVisible();

    await searchBox(page).fill('4.NF.A');
    await expect(results(page).getByRole('listitem').first()).toContainText('4.NF.A');
    await searchBox(page).press('Enter');
    await expect(page.getByRole('region', { name: 'Standard details' }).getByRole('heading', { name: /^4\.NF\.A\b/ })).toBeVisible();
    await expect(page).toHaveURL(/grades=4/);
  });

  test('offline, the saved framework’s search honours the filters too', async ({ page, request }) => {
    test.setTimeout(120_000);
    const nf = await uuidOf(request, '4.NF.A.1', 'Multi-State');
    await page.goto(`/frameworks/${CC_MATH}?grades=4`);
    await serviceWorkerActivated(page);
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect(page.getByText('Available offline')).toBeVisible({ timeout: 90_000 });
    await page.waitForTimeout(1500); // the query cache persists at most once a second
    await loadOffline(page, () => page.goto(`/frameworks/${CC_MATH}?grades=4`));
    await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toBeVisible();
    await searchBox(page).fill('equivalent fractions');
    await expect(page.getByRole('status').filter({ hasText: /results?/ })).toContainText('in grade 4');
    await expect(results(page).getByRole('listitem').first()).toContainText('4.NF.A.1');
    expect((await resultGrades(page)).every(Boolean)).toBe(true);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`item=${nf}`));
  });
});

test.describe('small screens and panels', () => {
  test('in a 320×480 LMS panel the picker’s choice stays in view and the host’s expand= opens the outline', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 480 });
    await page.goto(`/embed?framework=${CA_MATH}&mode=multiple&selected=${CA_3NFA1}&expand=4`);
    const use = page.getByRole('button', { name: 'Use 1 standard' });
    await expect(use).toBeInViewport();
    // Four levels open: content, grade, domain, cluster; a standard is one tap away.
    await expect(tree(page).getByRole('treeitem', { name: /^Kindergarten/ })).toHaveAttribute('aria-expanded', 'true');
    const standard = await rowInTree(page, /^K\.CC\.A\.1 /);
    await expect(standard).toHaveAttribute('aria-level', '5');
    await standard.scrollIntoViewIfNeeded();
    await standard.click();
    await expect(page.getByRole('button', { name: 'Use 2 standards' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // A depth out of range is named and ignored.
    await page.goto(`/embed?framework=${CA_MATH}&expand=40`);
    await expect(page.getByText(/invalid expand depth/)).toBeVisible();
  });
});
