/**
 * Connections on the real data: learning progressions (Common Core) and crosswalks
 * (California ↔ Common Core), from the details, the progression view and the compare page.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { CA_3NFA1, CA_MATH, CC_MATH, expect, serviceWorkerActivated, test, CC_3NFA1, expectAxeClean } from './fixtures';

/** Common Core's 3.NF.A.1. */

test('trace fractions from grade 3 to 5', async ({ page, request }) => {
  await page.goto(`/frameworks/${CC_MATH}?item=${CC_3NFA1}`);
  const detail = page.getByRole('region', { name: 'Standard details' });
  const connections = detail.getByRole('region', { name: 'Connections' });
  // What the data says 3.NF.A.1 leads to, every one of it, each with its grade.
  const leads = (await (await request.get(`/api/v0/academic-standards/${CC_3NFA1}/builds-towards?limit=1000`)).json()).data as Array<{
    statementCode: string;
  }>;
  const list = connections.getByRole('list', { name: 'Leads to' });
  await expect(list.getByRole('listitem')).toHaveCount(leads.length);
  await expect(list.getByRole('listitem').filter({ hasText: '4.NF.B.3.a' })).toContainText('Grade 4');
  await expect(connections.getByRole('list', { name: 'Builds on' }).getByRole('listitem').first()).toContainText('Grade 2');
  await expect(connections).toContainText('Student Achievement Partners');

  await connections.getByRole('link', { name: 'See its progression by grade' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Progression of 3.NF.A.1');
  const grade = (g: string) => page.getByRole('region', { name: `Grade ${g}`, exact: true });
  await expect(grade('3').locator('article').first()).toContainText('this standard');
  // Two steps forward reach grade 5: 5.NF.A.1 builds on grade 4's 4.NF.B.3.a, which builds on 3.NF.A.1.
  await expect(grade('5').getByRole('link', { name: /^5\.NF\.A\.1/ })).toBeVisible();
  const list5 = page.getByRole('region', { name: 'The progression as a list' });
  await expect(list5.getByRole('listitem').filter({ hasText: /^5\.NF\.A\.1/ })).toContainText('builds on 4.NF.B.3.a');
  // One step only: grade 5 leaves the view.
  await page.getByLabel('Steps each way').selectOption('1');
  await expect(grade('5').getByRole('link', { name: /^5\.NF\.A\.1/ })).toHaveCount(0);
  await page.getByLabel('Steps each way').selectOption('2');
  await expectAxeClean(page);
  // Re-centre on a grade-4 standard and follow it on to grade 5.
  await grade('4')
    .getByRole('link', { name: /^4\.NF\.B\.3\.a: centre/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Progression of 4.NF.B.3.a');
  await expect(grade('5').getByRole('link', { name: /^5\.NF\.A\.1/ })).toBeVisible();
  await expect(grade('3').getByRole('link', { name: /^3\.NF\.A\.1/ })).toBeVisible();
});

test('a matched standard is listed with its whole text, not its first lines', async ({ page, request }) => {
  const [ca] = (await (
    await request.get('/api/v0/academic-standards/search?statementCode=4.NF.A.1&jurisdiction=California')
  ).json()) as Array<{
    caseIdentifierUUID: string;
  }>;
  await page.goto(`/frameworks/${CA_MATH}?item=${ca!.caseIdentifierUUID}`);
  const match = page.getByRole('list', { name: 'Aligned Common Core standards' }).getByRole('listitem').first();
  // The last sentence of Common Core's 4.NF.A.1, past the first 250 characters.
  await expect(match).toContainText('Use this principle to recognize and generate equivalent fractions.');
  const text = match
    .locator('p')
    .filter({ hasText: /Use this principle/ })
    .first();
  expect(await text.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
});

test('find the Common Core version of a California standard and back', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}?item=${CA_3NFA1}`);
  const detail = page.getByRole('region', { name: 'Standard details' });
  const aligned = detail.getByRole('list', { name: 'Aligned Common Core standards' });
  const match = aligned.getByRole('listitem').first();
  await expect(match).toContainText('Identical skills');
  await expect(match).toContainText('Jaccard 1.00');
  await expect(match).toContainText(/shares \d+ of \d+ skills/);
  await match.getByRole('link', { name: '3.NF.A.1' }).click();

  // It opens beside the California standard, without leaving California's outline or its view.
  await expect(page).toHaveURL(new RegExp(`/frameworks/${CA_MATH}\\?item=${CA_3NFA1}&peek=${CC_3NFA1}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('California Common Core State Standards - Mathematics');
  const back = page.getByRole('link', { name: '← Back to 3.NF.A.1' });
  await expect(back).toBeFocused();
  await expect(page.getByText('Its match in Common Core, in full, below.')).toBeVisible();
  const matchDetail = page.getByRole('region', { name: 'Standard details' });
  await expect(matchDetail.getByRole('list', { name: 'Aligned state standards, California' })).toBeVisible();
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/frameworks/${CA_MATH}\\?item=${CA_3NFA1}$`));
  await page.goBack();
  await expect(page).toHaveURL(/peek=/);

  // From there, its own framework: Common Core's outline, revealed and selected.
  await page.getByRole('link', { name: 'Open it in its framework' }).click();
  await expect(page).toHaveURL(new RegExp(`/frameworks/${CC_MATH}\\?item=${CC_3NFA1}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Common Core State Standards for Math');
  await expect(page.getByRole('treeitem', { name: /^3\.NF\.A\.1 / })).toHaveAttribute('aria-selected', 'true');
  const coreSide = page
    .getByRole('region', { name: 'Standard details' })
    .getByRole('list', { name: 'Aligned state standards, California' });
  await expect(coreSide.getByRole('listitem')).toHaveCount(1);
  await coreSide.getByRole('link', { name: 'Open in its framework' }).click();
  await expect(page).toHaveURL(new RegExp(`/frameworks/${CA_MATH}\\?item=${CA_3NFA1}`));
  await expect(page.getByRole('treeitem', { name: /^3\.NF\.A\.1 / })).toHaveAttribute('aria-selected', 'true');

  // Its progression is its own, derived through the identical alignment, and says so.
  await page.getByRole('region', { name: 'Standard details' }).getByRole('link', { name: 'See its progression by grade' }).click();
  await expect(page).toHaveURL(new RegExp(`/progressions/${CA_3NFA1}`));
  await expect(page.getByRole('note', { name: 'Derived through the crosswalk' })).toContainText('identical');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Progression of 3.NF.A.1');
});

test('compare California with Common Core, grade 4, export CSV', async ({ page, request }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  await page.getByRole('link', { name: 'Compare with Common Core' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare frameworks');
  await page.getByLabel('Grade', { exact: true }).selectOption('4');
  // Expected from the API alone: California's grade-4 standards and their alignments.
  const all = async (url: string) => {
    const out: Array<Record<string, unknown>> = [];
    for (let cursor: string | null = null; ;) {
      const body = await (await request.get(`${url}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).json();
      out.push(...body.data);
      if (!body.pagination.hasMore) return out;
      cursor = body.pagination.nextCursor;
    }
  };
  const items = await all(
    `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CA_MATH}&limit=1000&gradeLevel=4&normalizedStatementType=Standard`,
  );
  const standards = items.filter((i) => i.statementCode);
  const aligned = new Set(
    (await all(`/api/v0/standards-frameworks/${CA_MATH}/connections?operation=crosswalks&limit=1000`)).map(
      (c) => c.standardCaseIdentifierUUID,
    ),
  );
  // Standards the crosswalk does not align but Common Core words the same (in a shared grade) match by their text.
  const core = (
    await all(
      `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CC_MATH}&limit=1000&gradeLevel=4&normalizedStatementType=Standard`,
    )
  ).filter((i) => i.statementCode);
  const words = (i: Record<string, unknown>) => String(i.description).split(/\s+/).join(' ');
  const bySkills = standards.filter((s) => aligned.has(s.caseIdentifierUUID)).length;
  const byText = standards.filter((s) => !aligned.has(s.caseIdentifierUUID) && core.some((c) => words(c) === words(s))).length;
  expect(byText).toBeGreaterThanOrEqual(8); // MP1–MP8
  const matched = bySkills + byText;
  await expect(page.getByRole('status').filter({ hasText: 'California standards in grade 4' })).toContainText(
    `${standards.length} California standards in grade 4: ${matched} with a Common Core match, ${standards.length - matched} only in California`,
  );
  await expect(page.getByRole('status').filter({ hasText: 'California standards in grade 4' })).toContainText(
    `Matched through the crosswalk's shared skills: ${bySkills}; through identical text (where the crosswalk has no alignment, such as the practices): ${byText}.`,
  );
  const table = page.getByRole('table', { name: /compared with/ });
  await expect(table.getByRole('row').filter({ hasText: /^4\.NF\.A\.1/ })).toContainText('Identical skills');
  await expectAxeClean(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const rows = Papa.parse<string[]>(readFileSync(await (await download).path(), 'utf8').slice(1), { skipEmptyLines: true }).data;
  expect(rows[0]).toEqual([
    'California code',
    'California description',
    'Grades',
    'Common Core code',
    'Common Core description',
    'Alignment',
    'Jaccard',
    'Shared skills',
    'Attribution',
    'Alignment attribution',
  ]);
  const body = rows.slice(1).filter((r) => r[0]);
  expect(new Set(body.map((r) => r[0])).size).toBe(standards.length);
  const nf = body.find((r) => r[0] === '4.NF.A.1')!;
  expect(nf.slice(3, 7)).toEqual(['4.NF.A.1', expect.stringContaining('Explain why a fraction'), 'Identical skills', '1.00']);
  expect(nf[8]).toMatch(/California/);
  expect(nf[9]).toMatch(/Learning Commons/);
  expect(body.filter((r) => r[5] === 'Only in California')).toHaveLength(standards.length - matched);
  expect(new Set(body.filter((r) => r[5] === 'Identical text').map((r) => r[0])).size).toBe(byText);

  // From the Common Core side.
  await page.getByRole('button', { name: 'Swap sides' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Common Core standards in grade 4' })).toContainText('with a California match');
});

test('a standard without connections says so, and the connection views work on a phone in dark mode', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/frameworks/${CC_MATH}`);
  await page.getByRole('treeitem', { name: /^Standards for Math Content/ }).click();
  const detail = page.getByRole('region', { name: 'Standard details' });
  await expect(detail.getByRole('region', { name: 'Connections' })).toContainText('No connections in this data');
  await page.goto(`/progressions/${CC_3NFA1}`);
  await expect(page.getByRole('region', { name: 'Grade 3', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAxeClean(page);
  await page.goto(`/compare?framework=${CA_MATH}&grade=3`);
  await expect(page.getByRole('table', { name: /compared with/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAxeClean(page);
});

test('a framework saved for offline use keeps its connections: details, progression and compare', async ({ page, context }) => {
  test.setTimeout(150_000);
  for (const framework of [CC_MATH, CA_MATH]) {
    await page.goto(`/frameworks/${framework}`);
    await serviceWorkerActivated(page);
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect(page.getByText('Available offline')).toBeVisible({ timeout: 90_000 });
  }
  await page.waitForTimeout(1500); // the query cache persists at most once a second

  await context.setOffline(true);
  await page.goto(`/frameworks/${CC_MATH}?item=${CC_3NFA1}`);
  const connections = page.getByRole('region', { name: 'Standard details' }).getByRole('region', { name: 'Connections' });
  await expect(connections.getByRole('list', { name: 'Leads to' }).getByRole('listitem').first()).toBeVisible();
  await expect(connections.getByRole('list', { name: 'Aligned state standards, California' })).toContainText('Identical skills');
  await connections.getByRole('link', { name: 'See its progression by grade' }).click();
  await expect(page.getByRole('region', { name: 'Grade 5', exact: true }).getByRole('link', { name: /^5\.NF\.A\.1/ })).toBeVisible();
  await page.goto(`/compare?framework=${CA_MATH}&grade=4`);
  await expect(page.getByRole('status').filter({ hasText: 'California standards in grade 4' })).toContainText('with a Common Core match');
});
