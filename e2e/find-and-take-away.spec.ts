import Papa from 'papaparse';
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { compareSiblings } from '../contract/natural-sort';
import { APP_BASE, CA_MATH, CC_3NFA1, CC_MATH, expect, rowInTree, test } from './fixtures';

const searchBox = (page: import('@playwright/test').Page) => page.getByPlaceholder(/Search by code/);

test('search 3.nf.a.1 by code in California Math and open it, revealed in the tree', async ({ page, expectNoSeriousA11yViolations }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  await searchBox(page).fill('3.nf.a.1');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').first()).toContainText('3.NF.A.1');
  await expect(results.getByRole('listitem').first()).toContainText(
    'Standards for Math Content › Grade 3 › Number & Operations—Fractions › 3.NF.A',
  );
  await expectNoSeriousA11yViolations();
  await searchBox(page).press('Enter');
  const detail = page.getByRole('region', { name: 'Standard details' });
  await expect(detail.getByRole('heading', { name: '3.NF.A.1', exact: true })).toBeVisible();
  await expect(detail.getByRole('navigation', { name: 'Path' })).toContainText('Grade 3');
  // The outline opened down to it, chosen; the page stays at the details until "Reveal in tree".
  await detail.getByRole('button', { name: 'Reveal in tree' }).click();
  const row = page.getByRole('tree', { name: 'Standards' }).getByRole('treeitem', { name: /^3\.NF\.A\.1 / });
  await expect(row).toBeInViewport();
  await expect(row).toHaveAttribute('aria-selected', 'true');
});

test('Enter on a result opens it even while the path shown with the result is still loading', async ({ page }) => {
  // A slow ancestors answer: the result list closes on Enter while that request is in flight.
  await page.route('**/ancestors', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto(`/frameworks/${CA_MATH}`);
  await searchBox(page).fill('3.nf.a.1');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toContainText('3.NF.A.1');
  await searchBox(page).press('Enter');
  const detail = page.getByRole('region', { name: 'Standard details' });
  await expect(detail.getByRole('heading', { name: '3.NF.A.1', exact: true })).toBeVisible();
  const row = page.getByRole('tree', { name: 'Standards' }).getByRole('treeitem', { name: /^3\.NF\.A\.1 / });
  await expect(row).toHaveAttribute('aria-selected', 'true');
});

test('search by words: best match first, matches marked; arrow keys move and Enter opens', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  await searchBox(page).fill('unit fractions');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.locator('mark').first()).toBeVisible();
  await expect(page.getByText(/^\d+( or more)? results(, showing \d+)?, best match first$/)).toBeVisible();
  // The first result holds both words (before, a grade 1 length standard holding only "unit" came first).
  const first = results.getByRole('listitem').first().locator('[data-search-result] > span.block.text-sm');
  await expect(first).toContainText(/\bunit\b/i);
  await expect(first).toContainText(/\bfractions?\b/i);
  await expect(first.locator('mark', { hasText: /^unit$/i }).first()).toBeVisible();
  await expect(first.locator('mark', { hasText: /^fractions?$/i }).first()).toBeVisible();
  await searchBox(page).press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const second = results.getByRole('listitem').nth(1).locator('[data-search-result]');
  await expect(second).toBeFocused();
  const code = (await second.locator('.font-mono').first().textContent())!;
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Standard details' }).getByRole('heading', { name: code })).toBeVisible();
});

test('Outline order lists the same results grade by grade; the choice is in the URL and survives a reload', async ({
  page,
  expectNoSeriousA11yViolations,
}) => {
  // It opens every result twice (best match, outline order) and checks the page with axe:
  // ~16 s alone, past 30 s on a 2-core machine that runs other tests beside it.
  test.slow();
  await page.goto(`/frameworks/${CA_MATH}`);
  await searchBox(page).fill('unit fractions');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(page.getByText(/best match first$/)).toBeVisible();
  // Every result, not only the first 20 shown.
  const codes = async () => {
    const more = results.getByRole('button', { name: /^Show \d+ more results$/ });
    while (await more.isVisible()) await more.click();
    return results.locator('[data-search-result] .font-mono').allTextContents();
  };
  const best = await codes();
  const order = page.getByRole('group', { name: 'Order results by' });
  await order.getByText('Outline order').click();
  await expect(page.getByText(/, in outline order$/)).toBeVisible();
  await expect(page).toHaveURL(/[?&]order=outline/);
  const outline = await codes();
  expect(new Set(outline)).toEqual(new Set(best));
  expect(outline).not.toEqual(best);
  // Grade by grade: a result's grade never comes before the one above it.
  const grade = (code: string) => (code.startsWith('K') ? 0 : code.startsWith('HS') ? 13 : parseInt(code, 10));
  const grades = outline.map(grade).filter((g) => !Number.isNaN(g));
  expect(grades).toEqual([...grades].sort((a, b) => a - b));
  await expectNoSeriousA11yViolations();

  await page.reload();
  await expect(order.getByRole('radio', { name: 'Outline order' })).toBeChecked();
  await searchBox(page).fill('unit fractions');
  await expect(page.getByText(/, in outline order$/)).toBeVisible();
  expect(await codes()).toEqual(outline);
  await order.getByText('Best match').click();
  await expect(page).not.toHaveURL(/order=/);
  await expect(page.getByText(/best match first$/)).toBeVisible();
  expect(await codes()).toEqual(best);
  // On a 320 px phone the choice, the results and the filters fit: nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 700 });
  await expect(order).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('a result found through one of its skills names the skill, its matched words marked', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  await searchBox(page).fill('inverse operations');
  const results = page.getByRole('list', { name: 'Search results' });
  const viaSkill = results.getByRole('listitem').filter({ hasText: 'via skill:' }).first();
  await expect(viaSkill).toContainText('1.OA.B.4');
  await expect(viaSkill).toContainText('via skill: Know that subtraction is the inverse of addition');
  await expect(viaSkill.locator('mark', { hasText: /^inverse$/ })).toBeVisible();

  // In Common Core, whose skills come through California's identical standards: said whose skill it is.
  await page.goto(`/frameworks/${CC_MATH}`);
  await searchBox(page).fill('identify a fraction');
  const derived = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first();
  await expect(derived).toContainText('3.NF.A.1');
  await expect(derived).toContainText('via skill of California 3.NF.A.1 (identical): Identify a fraction 1/b');
});

test('every result says why: one whose own text lacks the words names the heading that holds them, marked as whole words', async ({
  page,
}) => {
  await page.goto(`/frameworks/${CC_MATH}`);
  await searchBox(page).fill('systems of equations');
  const results = page.getByRole('list', { name: 'Search results' });
  const under = results.getByRole('listitem').filter({ hasText: 'HSN-CN.C.8' });
  await expect(under).toContainText('under: Use complex numbers in polynomial identities and equations');
  await expect(under.locator('mark', { hasText: /^equations$/ })).toBeVisible();
  await expect(under.getByRole('button', { name: /HSN-CN\.C\.8/ })).toHaveAccessibleName(/under: Use complex numbers/);
  // A longer word that only shares a stem with the query is never marked ("order" is not "ordered").
  await searchBox(page).fill('order');
  const ordered = results.getByRole('listitem').filter({ hasText: 'ordered pairs' }).first();
  await expect(ordered).toBeVisible();
  await expect(ordered.locator('mark', { hasText: /^ordered$/i })).toHaveCount(0);
});

test('the set being edited collects across two frameworks, survives a reload, and reorders', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  await searchBox(page).fill('3.NF.A.1');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toContainText('3.NF.A.1');
  await searchBox(page).press('Enter');
  await page.getByRole('region', { name: 'Standard details' }).getByRole('button', { name: 'Add to set' }).click();

  await page.goto(`/frameworks/${CC_MATH}`);
  const tree = page.getByRole('tree', { name: 'Standards' });
  const practice = tree.getByRole('treeitem', { name: /^Standards for Mathematical Practice/ });
  await practice.click();
  const mp1 = tree.getByRole('treeitem', { name: /^MP1 / });
  await mp1.focus();
  await page.keyboard.press(' '); // Space ticks a row into the set being edited
  await expect(mp1).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('link', { name: /^Sets/ })).toContainText('2');

  await page.reload();
  await page.getByRole('link', { name: /^Sets/ }).click();
  const items = page.getByRole('group', { name: /^Standards in / }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('3.NF.A.1');
  await expect(items.nth(1)).toContainText('MP1');
  // Rows are grouped under their framework and domain, not each with its breadcrumb.
  const headings = page.getByRole('group', { name: /^Standards in / }).getByRole('heading', { level: 3 });
  await expect(headings).toHaveText([
    'California Common Core State Standards - Mathematics · Number & Operations—Fractions (Grade 3)',
    'Common Core State Standards for Math · Standards for Mathematical Practice (Grades K–12)',
  ]);
  await page.getByRole('button', { name: 'Move MP1 up' }).click();
  await expect(items.nth(0)).toContainText('MP1');
  await page.getByRole('button', { name: 'Remove 3.NF.A.1' }).click();
  await expect(items).toHaveCount(1);
});

/** The 3.NF domain's items in tree order, from the API: depth first, siblings in natural order. */
async function treeOrder(
  request: APIRequestContext,
  rootId: string,
): Promise<Array<{ caseIdentifierUUID: string; statementCode: string | null; description: string | null; attributionStatement: string }>> {
  const root = await (await request.get(`${APP_BASE}/api/v0/academic-standards/${rootId}`)).json();
  const out = [root];
  if (root.hasChildren) {
    const kids = (await (await request.get(`${APP_BASE}/api/v0/academic-standards/${rootId}/children?limit=1000`)).json()).data.sort(
      compareSiblings,
    );
    for (const kid of kids) out.push(...(await treeOrder(request, kid.caseIdentifierUUID)));
  }
  return out;
}

test('CSV export of the 3.NF domain parses back to the API items in tree order, with attribution', async ({ page, request }) => {
  await page.goto(`/frameworks/${CA_MATH}?grades=3`);
  const tree = page.getByRole('tree', { name: 'Standards' });
  // The grade's outline has opened itself to the domain.
  await expect(tree.getByRole('treeitem', { name: /^Grade 3/ })).toHaveAttribute('aria-expanded', 'true');
  await (await rowInTree(page, /^Number & Operations—Fractions/)).click();
  await expect(page).toHaveURL(/item=/);
  const domainId = new URL(page.url()).searchParams.get('item')!;
  const detail = page.getByRole('region', { name: 'Standard details' });
  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const text = readFileSync(file, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
  const expected = await treeOrder(request, domainId);
  expect(rows[0]).toEqual([
    'Framework',
    'Path',
    'Depth',
    'Code',
    'Description',
    'Description (source)',
    'Type',
    'Grades',
    'CASE URI',
    'License',
    'Attribution',
    'Builds on',
    'Leads to',
    'Progression derived through',
    'Aligned to',
    'Skills',
    'Skills attribution',
    'Skills derived through',
  ]);
  expect(rows.slice(1).map((r) => r[3] || r[5])).toEqual(expected.map((i) => i.statementCode ?? i.description));
  // Each standard's skills, readable, with their own attribution: 3.NF.A.1's two, as the API lists them.
  const skillsOf = async (code: string) => {
    const id = expected.find((i) => i.statementCode === code)!.caseIdentifierUUID;
    return (await (await request.get(`/api/v0/academic-standards/${id}/learning-components`)).json()).data as Array<{
      description: string;
    }>;
  };
  const nfa1 = rows.find((r) => r[3] === '3.NF.A.1')!;
  expect(nfa1[15]).toBe((await skillsOf('3.NF.A.1')).map((s) => s.description).join('; '));
  expect(nfa1[16]).toContain('learning components under CC BY-4.0 from Achievement Network');
  expect(rows.filter((r) => r[15]).length).toBeGreaterThan(5);
  // Each standard's connections: California's 3.NF.A.1 aligns to Common Core's, with its strength.
  expect(nfa1[14]).toBe('3.NF.A.1 (Multi-State; Identical skills, 1.00)');
  expect(rows.filter((r) => r[14]).length).toBeGreaterThan(5);
  // Its progression is California's own, derived through that identical match: what Common Core's
  // 3.NF.A.1 builds on, read as the California standards the crosswalk rates identical to them.
  const coreBefore = (
    (await (await request.get(`/api/v0/academic-standards/${CC_3NFA1}/prerequisites?limit=1000`)).json()).data as Array<{
      statementCode: string;
    }>
  ).map((s) => s.statementCode);
  expect(nfa1[11]!.split('; ').sort()).toEqual(coreBefore.sort());
  expect(nfa1[12]).toContain('4.NF.B.3.a');
  expect(nfa1[13]).toBe('Common Core 3.NF.A.1 (identical skills)');
  expect(rows.filter((r) => r[13]).length).toBeGreaterThan(5);
  expect(rows.filter((r) => r[11] && !r[13])).toEqual([]);
  expect(rows.slice(1).map((r) => r[5])).toEqual(expected.map((i) => i.description));
  // The readable column has no TeX left: 3.NF.A.1's $\frac{1}{b}$ reads 1/b.
  expect(rows.slice(1).every((r) => !/\$|\\[a-z]/.test(r[4]!))).toBe(true);
  expect(rows.find((r) => r[3] === '3.NF.A.1')![4]).toContain('1/b');
  expect(
    rows
      .slice(1)
      .every((r, i) => r[10] === expected[i]!.attributionStatement && r[0] === 'California Common Core State Standards - Mathematics'),
  ).toBe(true);
  expect(rows[1]![1]).toBe('Standards for Math Content > Grade 3');
  await expect(detail.getByRole('status').filter({ hasText: /Exported \d+ items/ })).toBeVisible();
});

test('the print view of a branch shows the hierarchy, rendered math and attribution, without app chrome', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  await searchBox(page).fill('3.NF.A');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toContainText('3.NF.A');
  await searchBox(page).press('Enter');
  await page.getByRole('region', { name: 'Standard details' }).getByRole('link', { name: 'Print' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '3.NF.A' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: '3.NF.A.1' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 4, name: '3.NF.A.2.a' })).toBeVisible();
  await expect(page.locator('.katex').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Attribution' })).toBeVisible();
  await expect(page.getByText(/California Mathematics standards provided by California Department of Education/)).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('print-preview.png'), fullPage: true });
});

test('typing a code or words asks the framework search once per pause, never downloading the framework', async ({ page }) => {
  // The page's clock is held while keys are typed, so the rule is checked, not the machine's
  // speed: keys that arrive late on a busy machine would otherwise make pauses of their own.
  await page.clock.install();
  await page.goto(`/frameworks/${CA_MATH}`);
  await expect(page.getByRole('tree', { name: 'Standards' }).getByRole('treeitem').first()).toBeVisible();
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v0/')) asked.push(decodeURIComponent(r.url()));
  });
  const typeWithoutPause = async (text: string) => {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await searchBox(page).pressSequentially(text);
    expect(asked.filter((u) => u.includes('/search'))).toEqual([]); // no pause yet, no request
    await page.clock.runFor(400); // one pause, longer than either wait (30 ms for a code, 150 for words)
    await page.clock.resume();
  };
  // A code typed without a pause: one request, for the whole code.
  await typeWithoutPause('3.nf.a');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').first()).toContainText('3.NF.A');
  await expect(results.getByRole('listitem').nth(1)).toContainText('3.NF.A.1');
  const searches = asked.filter((u) => u.includes(`/standards-frameworks/${CA_MATH}/search`));
  expect(searches, searches.join('\n')).toHaveLength(1);
  expect(searches[0]).toContain('statementCodePrefix=3.nf.a');

  await searchBox(page).fill('');
  await expect(results).toHaveCount(0);
  // From here on the code's results must never come back, not even for the pause before the
  // words' answer: no result of the code search (3.NF.A, 3.NF.A.1, …) is ever listed.
  await page.evaluate(() =>
    new MutationObserver(() => {
      const list = document.querySelector('[aria-label="Search results"]');
      const codes = [...(list?.querySelectorAll('li') ?? [])].map((li) => li.textContent ?? '');
      if (codes[0]?.includes('3.NF.A') && codes[1]?.includes('3.NF.A.1'))
        (window as unknown as { staleResults?: boolean }).staleResults = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true }),
  );
  asked.length = 0;
  await typeWithoutPause('equivalent fractions');
  await expect(page.getByText(/results(, showing \d+)?, best match first$/)).toBeVisible();
  await expect(results.locator('mark').first()).toBeVisible();
  const wordSearches = asked.filter((u) => u.includes('/search'));
  expect(wordSearches, wordSearches.join('\n')).toHaveLength(1); // 20 keys, one pause
  expect(wordSearches[0]).toContain('query=equivalent+fractions');
  expect(await page.evaluate(() => (window as unknown as { staleResults?: boolean }).staleResults)).toBeUndefined();
  // The framework's full list was never fetched for the search (it is 1,467 items).
  expect(asked.filter((u) => u.includes('/academic-standards?standardsFrameworkCaseIdentifierUUID'))).toEqual([]);
});

test('without the framework search extension (the hosted service), code prefixes come from the framework list', async ({ page }) => {
  await page.route('**/standards-frameworks/*/search?**', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'NotFoundError', message: 'No such operation', requestId: 'x' }),
    }),
  );
  await page.goto(`/frameworks/${CA_MATH}`);
  await searchBox(page).fill('3.nf.a');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').first()).toContainText('3.NF.A');
  await expect(results.getByRole('listitem').nth(1)).toContainText('3.NF.A.1');
  await searchBox(page).fill('unit fractions');
  await expect(results.locator('mark').first()).toBeVisible();
  await expect(page.getByText(/results(, showing \d+)?, best match first$/)).toBeVisible();
});
