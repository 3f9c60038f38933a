/**
 * Skills inside standards (learning components) on the real California data: the details,
 * the skill page, the crosswalk evidence, offline, exports and print, the embed, and
 * hostile skill text.
 */
import { readFileSync } from 'node:fs';
import {
  APP_BASE,
  CA_3NFA1,
  CA_MATH,
  CC_MATH,
  HOSTILE_BASE,
  HOST_BASE,
  expect,
  loadOffline,
  serviceWorkerActivated,
  test,
  CC_3NFA1,
  expectAxeClean,
} from './fixtures';

/** A skill California places in six courses' copies of HSF-BF.A.1 and HSF-BF.A.1.b. */
const FUNCTIONS_SKILL = '30e9942d-6877-5459-9fa6-e07e13a1c985';

const skillsOf = async (request: import('@playwright/test').APIRequestContext, id: string) =>
  (await (await request.get(`/api/v0/academic-standards/${id}/learning-components`)).json()).data as Array<{
    identifier: string;
    description: string;
  }>;

test('a teacher sees the skills of 3.NF.A.1 and follows one to every standard that expects it', async ({ page, request }) => {
  await page.goto(`/frameworks/${CA_MATH}?item=${CA_3NFA1}`);
  const detail = page.getByRole('region', { name: 'Standard details' });
  const skills = detail.getByRole('list', { name: 'Skills of 3.NF.A.1' });
  const expected = await skillsOf(request, CA_3NFA1);
  expect(expected).toHaveLength(2);
  await expect(skills.getByRole('listitem')).toHaveText(expected.map((s) => s.description));
  await expect(detail.getByRole('region', { name: /^Skills/ })).toContainText(
    'learning components under CC BY-4.0 from Achievement Network',
  );
  await expect(page.getByRole('contentinfo')).toContainText('from Achievement Network');

  await skills.getByRole('link', { name: /^Identify a fraction 1\/b/ }).click();
  await expect(page).toHaveURL(new RegExp(`/skills/${expected[0]!.identifier}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected[0]!.description);
  await expect(page.getByText('Expected by 1 standard.')).toBeVisible();
  // Common Core's 3.NF.A.1 has it through its identical California standard, said so.
  const through = page.getByRole('region', { name: 'Also through identical matches' });
  await expect(through.getByRole('link', { name: '3.NF.A.1' })).toBeVisible();
  await expect(through).toContainText('Derived through California 3.NF.A.1.');
  const group = page.getByRole('region', { name: 'California · California Common Core State Standards - Mathematics' });
  await group.getByRole('link', { name: '3.NF.A.1' }).click();
  await expect(page).toHaveURL(new RegExp(`/frameworks/${CA_MATH}\\?.*item=${CA_3NFA1}`));
  await expect(page.getByRole('tree', { name: 'Standards' }).getByRole('treeitem', { name: /^3\.NF\.A\.1 / })).toBeVisible();

  // A skill many standards expect: each standard once, with every place it sits under it.
  await page.goto(`/skills/${FUNCTIONS_SKILL}`);
  const all = (await (await request.get(`/api/v0/learning-components/${FUNCTIONS_SKILL}/academic-standards`)).json()).data as Array<{
    statementCode: string;
  }>;
  const codes = [...new Set(all.map((s) => s.statementCode))];
  expect(all.length).toBe(12);
  expect(codes).toEqual(['HSF-BF.A.1', 'HSF-BF.A.1.b']);
  await expect(page.getByText('Expected by 2 standards.')).toBeVisible();
  const region = page.getByRole('region', { name: /^California · / });
  await expect(region.getByRole('heading')).toContainText('(2 standards)');
  for (const code of codes) {
    const row = region.locator('li').filter({ has: page.getByRole('link', { name: code, exact: true }) });
    await expect(row).toContainText('In 6 places in its framework:');
    await expect(row.getByRole('listitem').filter({ hasText: 'Mathematics I ›' })).toHaveCount(1);
    await expect(row.getByRole('listitem').filter({ hasText: 'Algebra I ›' })).toHaveCount(1);
  }
  await expectAxeClean(page);
});

test('the skill page: permalink, dark mode, phone width and print', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(`/skills/${FUNCTIONS_SKILL}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Build a function that models');
  await expect(page.getByText('Expected by 2 standards.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAxeClean(page);
  await page.emulateMedia({ media: 'print', colorScheme: 'light' });
  await expect(page.getByRole('link', { name: '← All frameworks' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A malformed or unknown skill says what is wrong and leads on.
  await page.emulateMedia({ media: 'screen' });
  await page.goto('/skills/not-a-skill');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to all frameworks' })).toBeVisible();
  await page.goto('/skills/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText('No skill with this ID was found.');
  await expect(page.getByRole('alert')).toContainText('Open a standard and follow one of its skills.');
});

test('a standard without skills says the Knowledge Graph lists none; one with many shows the first few, then all', async ({
  page,
  request,
}) => {
  // MP1 aligns with nothing and lists no skills.
  const mp1 = (await (await request.get('/api/v0/academic-standards/search?statementCode=MP1&jurisdiction=Multi-State')).json())[0];
  await page.goto(`/items/${mp1.caseIdentifierUUID}`);
  const detail = page.getByRole('region', { name: 'Standard details' });
  await expect(detail.getByRole('region', { name: /^Skills/ })).toContainText(
    'The Knowledge Graph lists no skills (learning components) for this standard.',
  );
  // California's HSA-CED.A.1 has 41.
  await page.goto('/items/7bb9e37a-d7cc-11e8-824f-0242ac160002');
  const list = detail.getByRole('list', { name: 'Skills of HSA-CED.A.1' });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  await detail.getByRole('button', { name: 'Show all 41 skills' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(41);
  await expect(detail.getByRole('button', { name: 'Show fewer skills' })).toHaveAttribute('aria-expanded', 'true');
});

test('a Common Core standard shows the skills of the state standard the crosswalk rates identical, marked as derived', async ({
  page,
  request,
}) => {
  const caSkills = await skillsOf(request, CA_3NFA1);
  await page.goto(`/items/${CC_3NFA1}`);
  const detail = page.getByRole('region', { name: 'Standard details' });
  const skills = detail.getByRole('region', { name: /^Skills/ });
  await expect(skills).toContainText('Derived: the skills of California 3.NF.A.1, which the crosswalk rates identical');
  await expect(skills.getByRole('list', { name: 'Skills of 3.NF.A.1' }).getByRole('listitem')).toHaveText(
    caSkills.map((s) => s.description),
  );
  // The note leads to the California standard.
  await skills.getByRole('link', { name: 'California 3.NF.A.1' }).click();
  await expect(page).toHaveURL(new RegExp(`item=${CA_3NFA1}`));
  await expectAxeClean(page);
});

test('a crosswalk shows the skills it shares, from both ends and in Compare, its counts agreeing with its lists', async ({
  page,
  request,
}) => {
  // Three views and their reads: over 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  const caSkills = await skillsOf(request, CA_3NFA1);
  await page.goto(`/items/${CA_3NFA1}`);
  const aligned = page.getByRole('list', { name: 'Aligned Common Core standards' });
  await expect(aligned).toContainText('shares 2 of 2 skills');
  await aligned.getByText('Which skills? (2 shared)').click();
  // Identical: Common Core lists none of its own, so the shared skills are California's, named.
  await expect(aligned).toContainText('The data lists no skills of Common Core 3.NF.A.1 itself; the crosswalk rates the two identical');
  await expect(aligned.getByRole('list', { name: 'Shared skills' }).getByRole('listitem')).toHaveText(caSkills.map((s) => s.description));
  await expectAxeClean(page);

  // From the Common Core end: the same.
  await page.goto(`/items/${CC_3NFA1}`);
  const state = page.getByRole('list', { name: /^Aligned state standards/ });
  const match = state.getByRole('listitem').filter({ hasText: '3.NF.A.1' }).first();
  await match.getByText(/^Which skills\?/).click();
  await expect(match.getByRole('list', { name: 'Shared skills' }).getByRole('listitem')).toHaveCount(2);

  // 2.OA.A.1: the alignment record counts 20 skills where the data lists 10; the line follows the list and says so.
  const ca2oa = (await (await request.get('/api/v0/academic-standards/search?statementCode=2.OA.A.1&jurisdiction=California')).json())[0];
  const listed = await skillsOf(request, ca2oa.caseIdentifierUUID);
  expect(listed).toHaveLength(10);
  await page.goto(`/items/${ca2oa.caseIdentifierUUID}`);
  const its = page.getByRole('list', { name: 'Aligned Common Core standards' });
  await expect(its).toContainText('shares 10 of 10 skills');
  await its.getByText('Which skills? (10 shared)').click();
  await expect(its).toContainText(
    'The alignment record counts 20 skills for California 2.OA.A.1; the data lists 10 skills, the ones shown.',
  );
  await expect(its.getByRole('list', { name: 'Shared skills' }).getByRole('listitem')).toHaveCount(10);

  await page.goto(`/compare?framework=${CA_MATH}&with=${CC_MATH}&grade=2`);
  const table = page.getByRole('region', { name: 'Comparison table' });
  const row = table
    .getByRole('row')
    .filter({ hasText: /^2\.OA\.A\.1 / })
    .first();
  // Worded the same, the pair starts as one line: its code opens it.
  await row.getByRole('button', { name: '2.OA.A.1' }).click();
  await expect(row).toContainText('shares 10 of 10 skills');
  await row.getByText('Which skills? (10 shared)').click();
  await expect(row.getByRole('list', { name: 'Shared skills' }).getByRole('listitem')).toHaveCount(10);
});

test('skills travel in CSV, JSON and print, with their attribution', async ({ page, request }) => {
  const caSkills = await skillsOf(request, CA_3NFA1);
  await page.goto(`/items/${CA_3NFA1}`);
  const detail = page.getByRole('region', { name: 'Standard details' });
  await detail.getByRole('button', { name: 'Add to set' }).click();
  await page.goto('/sets');
  const json = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const exported = JSON.parse(readFileSync(await (await json).path(), 'utf8'));
  expect(exported.items[0].learningComponents.map((l: { identifier: string }) => l.identifier)).toEqual(caSkills.map((s) => s.identifier));
  expect(exported.items[0].learningComponents[0].attributionStatement).toContain('Achievement Network');
  expect(exported.items[0].learningComponents[0].descriptionText).toBe(caSkills[0]!.description);

  await page.goto('/print');
  const article = page.getByRole('article').filter({ hasText: '3.NF.A.1' });
  await expect(article.getByRole('list', { name: 'Skills of 3.NF.A.1' }).getByRole('listitem')).toHaveText(
    caSkills.map((s) => s.description),
  );
  await expect(page.locator('footer')).toContainText('from Achievement Network');
});

test('offline, a saved framework keeps its skills; the skill page lists the saved standards and says so', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/frameworks/${CA_MATH}`);
  await serviceWorkerActivated(page);
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline')).toBeVisible({ timeout: 90_000 });
  await page.waitForTimeout(1500); // the query cache persists at most once a second

  await loadOffline(page, () => page.goto(`/frameworks/${CA_MATH}?item=${CA_3NFA1}`));
  await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toBeVisible();
  const skills = page.getByRole('list', { name: 'Skills of 3.NF.A.1' });
  await expect(skills.getByRole('listitem')).toHaveCount(2);
  await skills.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Identify a fraction 1/b');
  await expect(page.getByRole('note')).toContainText('only the standards of frameworks saved on this device are listed');
  // The saved California standard (Common Core's identical one may follow, under "Also through identical matches").
  await expect(page.getByRole('region', { name: /^California · / }).getByRole('link', { name: '3.NF.A.1' })).toBeVisible();
});

test('offline with only Common Core saved, its details say whose skills they are and that that framework is not saved', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`/frameworks/${CC_MATH}`);
  await serviceWorkerActivated(page);
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline')).toBeVisible({ timeout: 90_000 });
  await page.waitForTimeout(1500); // the query cache persists at most once a second

  await loadOffline(page, () => page.goto(`/frameworks/${CC_MATH}?item=${CC_3NFA1}`));
  const skills = page.getByRole('region', { name: 'Standard details' }).getByRole('region', { name: /^Skills/ });
  await expect(skills).toContainText('Its skills are those of California 3.NF.A.1, which the crosswalk rates identical');
  await expect(skills).toContainText('not saved on this device');
  await expect(skills).not.toContainText('lists no skills');
});

test('the embed sends each chosen standard’s skills to a host that asks for them', async ({ page, request }) => {
  type Message = {
    type: string;
    items?: Array<{ statementCode: string; learningComponents?: Array<{ identifier: string; attributionStatement: string }> }>;
    capabilities?: string[];
  };
  await page.goto(`${HOST_BASE}/embed-example.html?app=${encodeURIComponent(APP_BASE)}&mode=multiple&skills=true`);
  const messages = () => page.evaluate(() => (window as unknown as { receivedMessages: Message[] }).receivedMessages);
  await expect
    .poll(async () => (await messages()).find((m) => m.type === 'ready')?.capabilities, { timeout: 15_000 })
    .toContain('learningComponents');
  const picker = page.frameLocator('#picker');
  const search = picker.getByRole('searchbox', { name: 'Search this framework' });
  await search.fill('3.NF.A.1');
  await expect(picker.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toContainText('3.NF.A.1');
  await search.press('Enter');
  const caSkills = await skillsOf(request, CA_3NFA1);
  await expect
    .poll(async () =>
      (await messages())
        .filter((m) => m.type === 'selection')
        .at(-1)
        ?.items?.[0]?.learningComponents?.map((l) => l.identifier),
    )
    .toEqual(caSkills.map((s) => s.identifier));

  // A Common Core standard: California's identical standard's skills, and whose they are.
  await page.goto(`${HOST_BASE}/embed-example.html?app=${encodeURIComponent(APP_BASE)}&mode=multiple&skills=true&framework=${CC_MATH}`);
  const core = page.frameLocator('#picker').getByRole('searchbox', { name: 'Search this framework' });
  await core.fill('3.NF.A.1');
  await expect(page.frameLocator('#picker').getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toContainText(
    '3.NF.A.1',
  );
  await core.press('Enter');
  const last = async () =>
    (await messages()).filter((m) => m.type === 'selection').at(-1)?.items?.[0] as
      | {
          learningComponents?: Array<{ identifier: string }>;
          learningComponentsDerivedThrough?: Array<{ statementCode: string; jurisdiction: string }>;
        }
      | undefined;
  await expect.poll(async () => (await last())?.learningComponents?.map((l) => l.identifier)).toEqual(caSkills.map((s) => s.identifier));
  expect((await last())?.learningComponentsDerivedThrough).toEqual([
    { caseIdentifierUUID: CA_3NFA1, statementCode: '3.NF.A.1', jurisdiction: 'California' },
  ]);
});

test('skill text holding TeX, Markdown or HTML renders under the safe rich-text rules and never runs', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));
  await page.goto(`${HOSTILE_BASE}/items/44444444-4444-4444-a444-000000000002`);
  const skills = page.getByRole('list', { name: 'Skills of HX.3' });
  await expect(skills.getByRole('listitem')).toHaveCount(3);
  await page.waitForTimeout(300); // the lazy renderer and KaTeX
  await expect(skills.locator('.katex')).toHaveCount(1);
  await expect(skills.locator('em')).toHaveText('one');
  await expect(skills.locator('b')).toHaveText('emphasis');
  await expect(skills).toContainText('<img src=x onerror="window.__xss=3"> <script>window.__xss=4</script> skill');
  await expect(skills.locator('img, script, iframe, a[href^="javascript"]')).toHaveCount(0);
  await skills.getByRole('link', { name: /another/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('another');
  await expect(page.getByRole('main').locator('img, script, iframe, a[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
