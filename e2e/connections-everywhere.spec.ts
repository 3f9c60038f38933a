/**
 * Connections for every framework, offline and honest, on the real data: a state's own
 * progression derived through its identical Common Core matches, progressions by grade
 * range and chain, a comparison that says how each match was made and where the wording
 * differs, and offline links that never lead nowhere.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { CA_3NFA1, CA_MATH, CC_3NFA1, CC_MATH, expect, loadOffline, serviceWorkerActivated, test, expectAxeClean } from './fixtures';

type Summary = { caseIdentifierUUID: string; statementCode: string; jurisdiction: string; jaccard?: number };

const api = async <T = Summary>(request: APIRequestContext, path: string): Promise<T[]> => {
  const body = await (await request.get(`/api/v0${path}`)).json();
  return Array.isArray(body) ? body : body.data;
};
const byCode = async (request: APIRequestContext, code: string, jurisdiction: string) =>
  (await api(request, `/academic-standards/search?statementCode=${encodeURIComponent(code)}&jurisdiction=${jurisdiction}`))[0]!;

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

test("a California standard's progression is California's own, derived through its identical Common Core match", async ({
  page,
  request,
}) => {
  // What the data says: Common Core 3.NF.A.1 builds on these, and each has California standards rated identical.
  const coreBefore = await api(request, `/academic-standards/${CC_3NFA1}/prerequisites?limit=1000`);
  const stateBefore = await Promise.all(
    coreBefore.map(async (c) =>
      (await api(request, `/academic-standards/${c.caseIdentifierUUID}/crosswalks?limit=1000`)).find(
        (x) => x.jurisdiction === 'California' && x.jaccard === 1,
      ),
    ),
  );
  expect(stateBefore.every(Boolean)).toBe(true);

  await page.goto(`/frameworks/${CA_MATH}?item=${CA_3NFA1}`);
  const connections = page.getByRole('region', { name: 'Standard details' }).getByRole('region', { name: 'Connections' });
  const before = connections.getByRole('list', { name: 'Builds on' });
  await expect(before.getByRole('listitem')).toHaveCount(coreBefore.length, { timeout: 15_000 });
  await expect(connections).toContainText('derived through Common Core 3.NF.A.1 (identical skills)');
  // Each opens in California's own outline.
  const first = stateBefore[0]!;
  await before.getByRole('link', { name: first.statementCode, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/frameworks/${CA_MATH}\\?item=${first.caseIdentifierUUID}`));
  await page.goBack();

  await connections.getByRole('link', { name: 'See its progression by grade' }).click();
  await expect(page).toHaveURL(new RegExp(`/progressions/${CA_3NFA1}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Progression of 3.NF.A.1');
  await expect(page.getByRole('note', { name: 'Derived through the crosswalk' })).toContainText(
    'The crosswalk rates Common Core 3.NF.A.1 identical to California 3.NF.A.1',
  );
  // Every card is California's: its "Open in its framework" leads into California Math.
  const diagram = page.getByRole('region', { name: 'Progression diagram' });
  const cards = diagram.locator('article');
  await expect(cards.first()).toBeVisible();
  const opens = await diagram
    .getByRole('link', { name: 'Open in its framework' })
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(opens.length).toBe(await cards.count());
  expect(opens.every((p) => p === `/frameworks/${CA_MATH}`)).toBe(true);
  // Centring on another card keeps the state's view.
  await diagram.getByRole('link', { name: new RegExp(`^${first.statementCode.replaceAll('.', '\\.')}: centre`) }).click();
  await expect(page).toHaveURL(new RegExp(`/progressions/${first.caseIdentifierUUID}`));
  await expect(page.getByRole('note', { name: 'Derived through the crosswalk' })).toBeVisible();
  await expectAxeClean(page);
});

test('a state standard without an identical match says so, and a grouping leads to its standards’ progressions', async ({
  page,
  request,
}) => {
  // California standards whose only Common Core match is rated below identical, from the API.
  const rows = await api<Summary & { standardCaseIdentifierUUID: string; jaccard: number }>(
    request,
    `/standards-frameworks/${CA_MATH}/connections?operation=crosswalks&limit=1000`,
  );
  const partial = rows.find(
    (r) => r.jaccard < 1 && !rows.some((o) => o.standardCaseIdentifierUUID === r.standardCaseIdentifierUUID && o.jaccard === 1),
  )!;
  await page.goto(`/progressions/${partial.standardCaseIdentifierUUID}`);
  await expect(page.getByText(/the crosswalk rates no Common Core standard identical to it, so none can be derived/)).toBeVisible();
  await expect(page.getByRole('link', { name: partial.statementCode! })).toHaveAttribute('href', new RegExp(partial.caseIdentifierUUID));

  const cluster = await byCode(request, '1.NBT.B', 'Multi-State');
  const kids = await api(request, `/academic-standards/${cluster.caseIdentifierUUID}/children?limit=100`);
  await page.goto(`/progressions/${cluster.caseIdentifierUUID}`);
  const list = page.getByRole('region', { name: "The progressions of 1.NBT.B's standards" });
  await expect(list.getByRole('link')).toHaveText(kids.map((k) => k.statementCode));
  await expect(page.getByText('No progression in this data')).toHaveCount(0);
  await list.getByRole('link', { name: '1.NBT.B.2' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Progression of 1.NBT.B.2');
});

test('place value from grade 1 to 5: the chain through the standard, other branches on request, added to the set', async ({
  page,
  request,
}) => {
  const start = await byCode(request, '1.NBT.B.2', 'Multi-State');
  await page.goto(`/progressions/${start.caseIdentifierUUID}`);
  await page.getByLabel('Steps each way').selectOption('All');
  await page.getByLabel('From grade').selectOption('1');
  await page.getByLabel('To grade').selectOption('5');
  await expect(page).toHaveURL(/depth=20/);
  await expect(page).toHaveURL(/from=1/);
  const diagram = page.getByRole('region', { name: 'Progression diagram' });
  await expect(diagram.getByRole('region', { name: 'Grade 5', exact: true }).getByRole('link', { name: /^5\.NBT\.A\.1/ })).toBeVisible();
  const grades = await diagram.getByRole('region').evaluateAll((s) => s.map((e) => e.getAttribute('aria-label')));
  expect(grades).toEqual(['Grade 1', 'Grade 2', 'Grade 3', 'Grade 4', 'Grade 5']);
  // The chain through 1.NBT.B.2 is place value: operations and fractions are other branches, left out and counted.
  expect((await diagram.locator('article').allInnerTexts()).filter((t) => /^\d\.(OA|NF)\./.test(t))).toEqual([]);
  await expect(page.getByRole('status').filter({ hasText: /before, \d+ after/ })).toContainText(/standards? on other branches left out/);
  // Every column fits at 1280 px: nothing is cut off to the side.
  expect(await diagram.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await page.getByLabel('Other branches').check();
  await expect(diagram.getByRole('link', { name: /^2\.OA\.A\.1: centre/ })).toBeVisible();
  await page.getByLabel('Other branches').uncheck();
  await expect(diagram.getByRole('link', { name: /^2\.OA\.A\.1: centre/ })).toHaveCount(0);

  const shown = await diagram.locator('article').count();
  await page.getByRole('button', { name: `Add these ${shown} to the set` }).click();
  await expect(page.getByText(`Added ${shown} standards to “My set”.`).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Sets/ })).toContainText(String(shown));
  await expectAxeClean(page);
});

test('the progression reads on a phone and in a 320 px side panel: one grade under the other, the standard itself whole', async ({
  page,
}) => {
  for (const [width, scheme] of [
    [390, 'light'],
    [320, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/progressions/${CA_3NFA1}`);
    const centre = page.getByRole('region', { name: 'Progression diagram' }).locator('article').filter({ hasText: 'this standard' });
    await expect(centre).toBeVisible();
    const box = (await centre.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    // Without arrows, each card says what it connects to.
    await expect(centre).toContainText(/Builds on .*Leads to/);
    await noSidewaysScroll(page);
    await expectAxeClean(page);
  }
});

test('compare says how each match was made and marks wording differences', async ({ page, request }) => {
  await page.goto(`/compare?framework=${CA_MATH}&grade=4`);
  const summary = page.getByRole('status').filter({ hasText: 'California standards in grade 4' });
  await expect(summary).toContainText('through identical text');
  // The practices are worded the same in both and the crosswalk aligns none of them: matched by their text.
  const table = page.getByRole('table', { name: /compared with/ });
  const mp1 = table.getByRole('row').filter({ hasText: /^MP1 / });
  await expect(mp1).toContainText('Identical text');
  await expect(mp1.getByText('4.MP1', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Common Core standards not in California's framework/ })).not.toContainText(
    /\(([1-9]\d*)\)/,
  );
  // 4.G.A.2: identical skills, different words; California's sentence about special triangles is marked.
  const ca = await byCode(request, '4.G.A.2', 'California');
  expect((await api(request, `/academic-standards/${ca.caseIdentifierUUID}/crosswalks`))[0]!.jaccard).toBe(1);
  const row = table.getByRole('row').filter({ hasText: /^4\.G\.A\.2 / });
  await expect(row).toContainText('Wording differs');
  await expect(row.locator('del')).toContainText('special triangles');
  await expect(table.getByText('Same wording').first()).toBeVisible();
  // Texts that differ only in spacing ("( 1/2 , 1/4 )" against "(1/2, 1/4)") read the same.
  for (const code of ['4.MD.B.4', '4.NF.A.2']) {
    const same = table.getByRole('row').filter({ hasText: new RegExp(`^${code.replaceAll('.', '\\.')} `) });
    await expect(same).toContainText('Same wording');
    await expect(same).not.toContainText('Wording differs');
  }
  // Closed, a pair names the match it compares with, as the crosswalk has it: its code and strength.
  const md = await byCode(request, '4.MD.B.4', 'California');
  const [mdMatch] = await api(request, `/academic-standards/${md.caseIdentifierUUID}/crosswalks`);
  expect(mdMatch!.jaccard).toBe(1);
  const closed = table.getByRole('row').filter({ hasText: /^4\.MD\.B\.4 / });
  await expect(closed.getByRole('button', { name: '4.MD.B.4' })).toHaveAttribute('aria-expanded', 'false');
  await expect(closed).toContainText(`${mdMatch!.statementCode} · Identical skills · Same wording`);
  await expectAxeClean(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const rows = Papa.parse<string[]>(readFileSync(await (await download).path(), 'utf8').slice(1), { skipEmptyLines: true }).data;
  expect(rows.filter((r) => r[0] === 'MP1').map((r) => [r[3], r[5]])).toEqual(
    expect.arrayContaining([
      ['MP1', 'Identical text'],
      ['4.MP1', 'Identical text'],
    ]),
  );
  expect(rows.filter((r) => r[5] === 'Only in Common Core')).toEqual([]);

  // The details show the same difference beside the open standard.
  await page.goto(`/frameworks/${CA_MATH}?item=${ca.caseIdentifierUUID}`);
  const match = page.getByRole('list', { name: 'Aligned Common Core standards' }).getByRole('listitem').first();
  await expect(match).toContainText('Wording differs');
  await expect(match.locator('del')).toContainText('special triangles');
});

test('on a phone a closed pair names the match it compares with, wrapping between whole parts', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // California's HSF-IF.C.10 (parametric functions) is aligned, weakly, with another code: Common Core's HSF-BF.A.1.
  const ca = await byCode(request, 'HSF-IF.C.10', 'California');
  const [match] = await api(request, `/academic-standards/${ca.caseIdentifierUUID}/crosswalks`);
  expect(match!.statementCode).toBe('HSF-BF.A.1');
  expect(match!.jaccard).toBeLessThan(1 / 3);
  await page.goto(`/compare?framework=${CA_MATH}&with=${CC_MATH}&grade=9`);
  const table = page.getByRole('table', { name: /compared with/ });
  const row = table
    .getByRole('row')
    .filter({ hasText: /^HSF-IF\.C\.10 / })
    .first();
  await expect(row.getByRole('button', { name: 'HSF-IF.C.10' })).toHaveAttribute('aria-expanded', 'false');
  await expect(row).toContainText('HSF-BF.A.1 · Weak · Wording differs');
  // Each part stays whole on its line (a code, a strength, a word on the wording never breaks inside).
  for (const part of ['HSF-BF.A.1', 'Weak', 'Wording differs']) {
    const box = (await row.getByText(part, { exact: true }).boundingBox())!;
    expect(box.height, part).toBeLessThan(20);
    expect(box.x + box.width, part).toBeLessThanOrEqual(390);
  }
  await noSidewaysScroll(page);
  // Under a minimum strength, a row whose only match is weaker says that none is this strong.
  await page.goto(`/compare?framework=${CA_MATH}&with=${CC_MATH}&grade=9&strength=1`);
  await expect(row).toContainText('No Common Core match this strong');

  // Nothing matches California's 5.OA.A.2.1: the closed row says so plainly.
  await page.goto(`/compare?framework=${CA_MATH}&with=${CC_MATH}&grade=5`);
  await expect(table.getByRole('row').filter({ hasText: /^5\.OA\.A\.2\.1 / })).toContainText('No Common Core match');
  await expectAxeClean(page);
});

/** Changes the saved copy of a framework as an older save would look: another data version, saved `days` ago. */
async function ageSavedCopy(page: Page, framework: string, days: number) {
  await page.evaluate(
    async ({ framework, days }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('standards-explorer-saved');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const store = db.transaction('records', 'readwrite').objectStore('records');
      const keys = await new Promise<IDBValidKey[]>((resolve) => {
        const r = store.getAllKeys();
        r.onsuccess = () => resolve(r.result);
      });
      const key = keys.find((k) => String(k).startsWith('meta|') && String(k).endsWith(`|${framework}`))!;
      const meta = await new Promise<{ framework: { dataVersion?: string }; savedAt: string }>((resolve) => {
        const r = store.get(key);
        r.onsuccess = () => resolve(r.result);
      });
      meta.framework.dataVersion = 'an-older-release';
      meta.savedAt = new Date(Date.now() - days * 86_400_000).toISOString();
      await new Promise((resolve) => (store.put(meta, key).onsuccess = resolve));
    },
    { framework, days },
  );
}

test('offline: what is not saved is no link, says what fixes it, and saving it when online makes it work; newer data is announced', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto(`/frameworks/${CA_MATH}`);
  await serviceWorkerActivated(page);
  // Saving California saves Common Core with it (its crosswalks and progressions lead there).
  await expect(page.getByText('Saves Common Core State Standards for Math with it')).toBeVisible();
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline')).toBeVisible({ timeout: 90_000 });
  // Within the app: a page load would stop Common Core's saving, which follows California's.
  await page.getByRole('link', { name: 'Manage saved frameworks' }).click();
  const saved = page.getByRole('list', { name: 'Saved frameworks' });
  await expect(saved.getByRole('listitem')).toHaveCount(2, { timeout: 60_000 });
  await expect(saved.getByRole('button', { name: 'Refresh' })).toHaveCount(2, { timeout: 60_000 });
  // Take Common Core away again, as on a device that saved California before it came along.
  const core = saved.getByRole('listitem').filter({ hasText: 'Common Core State Standards for Math' });
  await core.getByRole('button', { name: 'Remove…' }).click();
  await core.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await page.waitForTimeout(1500); // the query cache persists at most once a second

  const back = await loadOffline(page, () => page.goto(`/frameworks/${CA_MATH}?item=${CA_3NFA1}`));
  const detail = page.getByRole('region', { name: 'Standard details' });
  const aligned = detail.getByRole('list', { name: 'Aligned Common Core standards' });
  await expect(aligned).toContainText('Identical skills');
  // No link into Common Core: its code is plain text, and what fixes it is offered.
  await expect(aligned.getByRole('link')).toHaveCount(0);
  await expect(aligned).toContainText('Not saved on this device');
  await expect(
    detail.getByText(/Its progression is derived through Common Core 3\.NF\.A\.1, which is not saved on this device/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Compare with Common Core' })).toHaveCount(0);
  await expect(page.getByText('Compare with Common Core: not saved on this device')).toBeVisible();
  // No dead end: nothing here fails with the generic "Not available offline." error.
  await expect(detail.getByText('Not available offline.', { exact: true })).toHaveCount(0);

  await back();
  const back2 = await loadOffline(page, () => page.goto(`/progressions/${CA_3NFA1}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Progression of 3.NF.A.1');
  await expect(page.getByText(/is derived through Common Core 3\.NF\.A\.1, which is not saved on this device/)).toBeVisible();
  await expect(page.getByText(/this standard/)).toHaveCount(0);
  const save = page.getByRole('button', { name: 'Save it when online' });
  await save.click();
  await expect(page.getByRole('button', { name: 'Will save it when online ✓' })).toBeVisible();

  // Back online: it saves by itself, and offline again the progression is whole.
  await back2();
  await expect(page.getByText(/The network is back: saving Common Core State Standards for Math/)).toBeVisible();
  // Followed within the app: a page load would stop the saving (it would resume later).
  await page.getByRole('link', { name: 'See Saved offline' }).click();
  await expect(saved.getByRole('button', { name: 'Refresh' })).toHaveCount(2, { timeout: 90_000 });
  await page.waitForTimeout(1500);
  const backAgain = await loadOffline(page, () => page.goto(`/progressions/${CA_3NFA1}`));
  await expect(page.getByRole('note', { name: 'Derived through the crosswalk' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Progression diagram' }).locator('article').first()).toBeVisible();
  await backAgain();

  // A save whose data the service has since corrected says so, once online, with the one action that fixes it.
  await page.goto('/offline');
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('Newer data available')).toHaveCount(0);
  await ageSavedCopy(page, CA_MATH, 12);
  await page.reload();
  const california = saved.getByRole('listitem').filter({ hasText: 'California' });
  await expect(california.getByRole('status')).toContainText('Newer data available — saved 12 days ago');
  await california.getByRole('button', { name: 'Refresh the saved copy' }).click();
  await expect(california.getByText('Newer data available')).toHaveCount(0, { timeout: 60_000 });
  await expect(california.getByRole('button', { name: 'Refresh', exact: true })).toBeVisible({ timeout: 60_000 });
  await page.goto(`/frameworks/${CC_MATH}`);
  await expect(page.getByText('Available offline')).toBeVisible();
  await expect(page.getByText('Newer data available')).toHaveCount(0);
});
