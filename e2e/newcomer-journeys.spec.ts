/**
 * What a teacher, a curriculum designer and an LMS admin tripped on when they first used
 * the app: each test is one of those moments, done as they did it.
 */
import type { Page } from '@playwright/test';
import { CA_3NFA1, CA_MATH, CC_3NFA1, CC_MATH, expect, rowInTree, test, expectAxeClean } from './fixtures';

const tree = (page: Page) => page.getByRole('tree', { name: 'Standards' });

async function openGrade3Fractions(page: Page) {
  for (const name of [/^Standards for Math Content/, /^Grade 3/]) {
    const row = tree(page).getByRole('treeitem', { name });
    await row.click();
    await expect(row).toHaveAttribute('aria-expanded', 'true');
  }
}

test('choosing a row keeps the page where it was', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto(`/frameworks/${CA_MATH}`);
  await openGrade3Fractions(page);
  await page.evaluate(() => window.scrollTo(0, 200));
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(100);
  // A row wholly in view (rows wrap, so which one depends on the texts above it).
  await tree(page).evaluate((el) =>
    [...el.querySelectorAll('[role=treeitem]')]
      .find((r) => r.getBoundingClientRect().top >= 0 && r.getBoundingClientRect().bottom <= window.innerHeight)!
      .setAttribute('data-in-view', ''),
  );
  const row = tree(page).locator('[data-in-view]');
  const at = (await row.boundingBox())!.y;
  await row.click();
  await expect(page).toHaveURL(/item=/);
  await expect(page.getByRole('region', { name: 'Standard details' })).toBeVisible();
  await page.waitForTimeout(300);
  // The row stays where it was on the screen (the page may adjust its scroll as rows above are
  // measured, which is what keeps them still).
  expect(Math.abs((await row.boundingBox())!.y - at)).toBeLessThanOrEqual(2);
});

test('on a 390 px phone, a tap on a row brings its details into view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/frameworks/${CA_MATH}`);
  await tree(page)
    .getByRole('treeitem', { name: /^Standards for Math Content/ })
    .click();
  const detail = page.getByRole('region', { name: 'Standard details' });
  await expect(detail.getByRole('heading', { name: 'Standards for Math Content' })).toBeInViewport();
});

test('a domain without a code is headed by its own name', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  await openGrade3Fractions(page);
  await tree(page)
    .getByRole('treeitem', { name: /^Number & Operations—Fractions/ })
    .click();
  const detail = page.getByRole('region', { name: 'Standard details' });
  await expect(detail.getByRole('heading', { level: 2, name: 'Number & Operations—Fractions' })).toBeVisible();
  await expect(detail).not.toContainText('Untitled item');
});

test('the list shows every item once, even with branches open in the outline', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  await openGrade3Fractions(page);
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByText(/Showing 100 items/)).toBeVisible();
  // Flat: no row expands, so nothing shows under its parent a second time.
  await expect(tree(page).locator('[aria-expanded]')).toHaveCount(0);
  // Each row's key ends in its item's id (two domains of different grades may share a name).
  const items = await tree(page)
    .getByRole('treeitem')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')!.split('/').at(-1)));
  expect(items.length).toBeGreaterThan(10);
  expect(new Set(items).size).toBe(items.length);
  await expect(tree(page).getByRole('treeitem', { name: /^Grade 3/ })).toHaveCount(0); // scrolled past in the list, once
});

test('type-ahead finds rows by name as well as by code', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  await openGrade3Fractions(page);
  const fractions = tree(page).getByRole('treeitem', { name: /^Number & Operations—Fractions/ });
  await fractions.click();
  await page.keyboard.press('ArrowRight');
  await expect(tree(page).getByRole('treeitem', { name: /^3\.NF\.A / })).toBeVisible();
  await page.keyboard.press('Home');
  await page.keyboard.type('develop understanding of fractions', { delay: 20 });
  await expect(tree(page).getByRole('treeitem', { name: /^3\.NF\.A Develop/ })).toBeFocused();
  await page.keyboard.press('Home');
  await page.waitForTimeout(700); // a pause ends a type-ahead word, as it does for a person
  await page.keyboard.type('3.nf.a', { delay: 20 });
  await expect(tree(page).getByRole('treeitem', { name: /^3\.NF\.A Develop/ })).toBeFocused();
});

test('filters speak the rows’ language and stay put while branches load', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}?grades=3`);
  // A Math framework offers no Science: its one subject is no choice.
  await expect(page.getByLabel('Subject')).toHaveCount(0);
  const show = page.getByLabel('Show');
  await expect(show.locator('option')).toHaveText(['All types', 'Standards and components', 'Groupings (domains, clusters…)', 'Other']);
  const notice = page.getByText('Filtered: matching standards, inside the groupings that hold them.');
  await expect(notice).toBeVisible();
  // The outline opens itself to the grade's standards.
  await expect(tree(page).getByRole('treeitem', { name: /^Grade 3/ })).toHaveAttribute('aria-expanded', 'true');
  await (await rowInTree(page, /^Number & Operations—Fractions/)).click();
  await expect(notice).toBeVisible();
});

test('word search shows more than 20 results, in outline order from a link; a code search marks no stray words', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}?order=outline`);
  const box = page.getByRole('searchbox');
  await box.fill('fractions');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(page.getByText(/^\d+( or more)? results, showing 20, in outline order$/)).toBeVisible();
  // Outline order: grade 3's fractions domain comes before grade 4's.
  await expect(results.getByRole('listitem').first()).toContainText('Grade 3');
  await results.getByRole('button', { name: /^Show \d+ more results$/ }).click();
  await expect(results.locator('[data-search-result]')).not.toHaveCount(20);
  expect(await results.locator('[data-search-result]').count()).toBeGreaterThan(20);

  await box.fill('3.NF.A.1');
  await expect(results.getByRole('listitem').first()).toContainText('3.NF.A.1');
  await expect(results.locator('mark')).toHaveCount(0);
});

test('a framework link that leads nowhere says so and offers the way back', async ({ page }) => {
  await page.goto('/frameworks/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Framework not found' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('No framework with this ID was found.');
  await expect(page.getByRole('tree')).toHaveCount(0);
  await expectAxeClean(page);

  await page.goto('/frameworks/not-a-framework');
  await expect(page.getByRole('alert')).toContainText('This link is broken');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByRole('alert')).not.toContainText('Request id');
  await page.getByRole('link', { name: 'Go to all frameworks' }).click();
  await expect(page.getByRole('list', { name: 'Frameworks' })).toBeVisible();
});

test('a broken print link says so instead of printing the set', async ({ page }) => {
  await page.goto('/print?branch=bad');
  await expect(page.getByRole('alert')).toContainText('This print link is broken');
  await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled();
  await expect(page.getByRole('main')).toBeVisible();
  await expectAxeClean(page);
});

test('with the network fine but the service down, the tree says the service is not answering', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  await expect(tree(page).getByRole('treeitem').first()).toBeVisible();
  await page.route('**/api/v0/academic-standards/*/children**', (route) => route.abort('connectionrefused'));
  await tree(page)
    .getByRole('treeitem', { name: /^Standards for Math Content/ })
    .click();
  // The request is tried again before the row says so: give it the time those tries take.
  await expect(tree(page).getByRole('treeitem', { name: /The standards service is not answering/ })).toBeVisible({ timeout: 20_000 });
  await expect(tree(page).getByText('Not available offline')).toHaveCount(0);
});

test('keyboard users skip past search and filters straight into the tree', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  await expect(tree(page).getByRole('treeitem').first()).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  const skip = page.getByRole('link', { name: 'Skip to the standards' });
  for (let i = 0; i < 8 && !(await skip.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tree(page).getByRole('treeitem', { name: /^Standards for Math Content/ })).toBeFocused();
});

test('set rows lead back to their standard; on a phone the header and rows do not squeeze', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/frameworks/${CA_MATH}?item=${CA_3NFA1}`);
  await page.getByRole('region', { name: 'Standard details' }).getByRole('button', { name: 'Add to set' }).click();
  await page.getByRole('link', { name: /^Sets/ }).click();
  const title = await page.getByRole('link', { name: 'Standards Explorer' }).boundingBox();
  const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  const overlaps = title!.x + title!.width > nav!.x && title!.y + title!.height > nav!.y && nav!.y + nav!.height > title!.y;
  expect(overlaps).toBe(false);
  const row = page
    .getByRole('group', { name: /^Standards in / })
    .getByRole('listitem')
    .first();
  expect((await row.locator('p').last().boundingBox())!.width).toBeGreaterThan(250);
  await row.getByRole('link', { name: '3.NF.A.1' }).click();
  await expect(page).toHaveURL(new RegExp(`/frameworks/${CA_MATH}\\?item=${CA_3NFA1}`));
  await page.goto('/print');
  await expect(page.getByRole('heading', { level: 1, name: 'My set' })).toBeVisible();
});

const EVERY_PAGE = [
  '/',
  `/frameworks/${CA_MATH}?item=${CA_3NFA1}`,
  `/items/${CA_3NFA1}`,
  `/print?branch=${CA_3NFA1}&framework=${CA_MATH}`,
  '/sets',
  '/shared#set=broken',
  '/offline',
  '/settings',
  `/embed?framework=${CA_MATH}&mode=multiple`,
  '/embed?jurisdiction=California',
  `/compare?framework=${CA_MATH}&with=${CC_MATH}&grade=4`,
  `/progressions/${CC_3NFA1}`,
];

test('nothing scrolls sideways at 320 px on any page', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 320, height: 700 });
  const wide: string[] = [];
  for (const url of [...EVERY_PAGE, `/frameworks/${CA_MATH}?grades=4&text=full`, `/print?branch=${CA_3NFA1}&framework=${CA_MATH}`]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Loading', { timeout: 10_000 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 320) wide.push(`${url}: ${width} px`);
  }
  expect(wide).toEqual([]);
});
for (const scheme of ['light', 'dark'] as const) {
  test(`every page is axe clean in ${scheme} mode`, async ({ page }) => {
    // Every page, each scanned whole: 70-100 s on a busy two-core machine.
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: scheme });
    for (const url of EVERY_PAGE) {
      await page.goto(url);
      await expect(page.locator('body')).not.toContainText('Loading', { timeout: 10_000 });
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectAxeClean(page);
    }
  });
}

test('the embed without a framework lets the teacher choose one, narrowed by the host', async ({ page }) => {
  await page.goto('/embed?jurisdiction=California&mode=single');
  const list = page.getByRole('list', { name: 'Frameworks' });
  await expect(list.getByRole('button')).toHaveCount(1);
  await list.getByRole('button', { name: /California Common Core/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'California Common Core State Standards - Mathematics' })).toBeVisible();
  await expect(tree(page).getByRole('treeitem').first()).toBeVisible();
  expect(new URL(page.url()).searchParams.get('framework')).toBe(CA_MATH);
});

test('the picker keeps its framework: another framework’s standard in its address preselects nothing, and says why', async ({
  page,
  request,
}) => {
  const cc = (await (
    await request.get(`/api/v0/academic-standards/search?statementCode=3.NF.A.1&jurisdiction=Multi-State`)
  ).json()) as Array<{
    caseIdentifierUUID: string;
  }>;
  expect(cc).toHaveLength(1);
  await page.goto(`/embed?framework=${CA_MATH}&mode=multiple&selected=${cc[0]!.caseIdentifierUUID},${CA_3NFA1}`);
  await expect(page.getByRole('alert')).toContainText(
    `Nothing was preselected: 1 standard is not in California Common Core State Standards - Mathematics (${cc[0]!.caseIdentifierUUID}).`,
  );
  const tray = page.getByRole('region', { name: 'Selected standards' });
  await expect(tray).toContainText('Selected: 0 standards');
});

test('in the picker, search results push the tray and buttons down instead of covering them', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 1400 });
  await page.goto(`/embed?framework=${CA_MATH}&mode=multiple&selected=${CA_3NFA1}`);
  await expect(page.getByRole('region', { name: 'Selected standards' })).toContainText('Selected: 1 standard');
  const box = page.getByRole('searchbox');
  await box.hover();
  await box.fill('fractions');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
  for (const target of [page.getByRole('button', { name: 'Use 1 standard' }), page.getByRole('button', { name: 'Cancel' })]) {
    await target.scrollIntoViewIfNeeded();
    const onTop = await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(onTop).toBe(true);
  }
});

test('a domain prints under its name and grade', async ({ page }) => {
  const domain = '5ec0b0be-d7cc-11e8-824f-0242ac160002'; // California, grade 3, Number & Operations—Fractions
  await page.goto(`/print?branch=${domain}&framework=${CA_MATH}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Number & Operations—Fractions, Grade 3' })).toBeVisible();
});

test.describe('a page whose code cannot load', () => {
  test.use({ serviceWorkers: 'block' });
  test('says so and offers the ways on, instead of a blank page', async ({ page }) => {
    await page.route(/\/assets\/view-browse-[^/]*\.js$/, (route) => route.abort('connectionrefused'));
    await page.goto(`/frameworks/${CA_MATH}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to all frameworks' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('TypeError');
  });
});

test('while the server prepares its data, the page says so and fills in by itself when it is ready', async ({ page }) => {
  let preparing = true;
  let percent = 40;
  await page.route('**/api/v0/**', (route) =>
    preparing
      ? route.fulfill({
          status: 503,
          headers: { 'retry-after': '3' },
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'ServiceUnavailableError',
            message: `The standards data is being prepared (importing, ${(percent += 20)} %). Try again in 3 seconds.`,
            requestId: 'r',
          }),
        })
      : route.continue(),
  );
  await page.goto('/');
  const notice = page.getByRole('status').filter({ hasText: 'Preparing the standards data' });
  await expect(notice).toContainText(/Preparing the standards data \(\d+ % imported\)/);
  await expect(notice).toContainText('This page fills in by itself when they are ready.');
  preparing = false;
  await expect(page.getByRole('link', { name: /California Common Core/ })).toBeVisible({ timeout: 10_000 });
  await expect(notice).toHaveCount(0);
});
