/**
 * Sets of standards, as a curriculum designer builds, names, shares and hands them on:
 * a whole cluster in one step, a link a colleague opens (online and offline), files that
 * load back, Canvas outcomes and a CASE package, reordering by keyboard and by drag, and
 * the embed opened on a set.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { checkCasePackage } from '../server/test-support/case-rules';
import { setLink } from '../src/lib/set-link';
import { APP_BASE, CA_3NFA1, CA_MATH, expect, expectAxeClean, loadOffline, serviceWorkerActivated, test } from './fixtures';

const CLUSTER_3NFA = '5ebe91dd-d7cc-11e8-824f-0242ac160002';
const STANDARD_4NFB3 = '5ec0feb1-d7cc-11e8-824f-0242ac160002';
const UNIT_CODES = ['3.NF.A.1', '3.NF.A.2', '3.NF.A.2.a', '3.NF.A.2.b', '3.NF.A.3', '3.NF.A.3.a', '3.NF.A.3.b', '3.NF.A.3.c', '3.NF.A.3.d'];

const setsLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Sets/ });
const undoBar = (page: Page) => page.locator('[aria-live="polite"]').filter({ has: page.getByRole('button', { name: 'Undo' }) });
const rows = (page: Page) => page.getByRole('group', { name: /^Standards in / }).getByRole('listitem');
const rowCodes = async (page: Page) => (await rows(page).locator('bdi').allTextContents()).map((t) => t.trim());

/** Adds California's 3.NF.A with its standards' parts, from the cluster's details. */
async function addCluster(page: Page) {
  await page.goto(`/frameworks/${CA_MATH}?item=${CLUSTER_3NFA}`);
  await page.getByRole('region', { name: 'Standard details' }).getByRole('button', { name: 'Add the 3 standards under it' }).click();
  await expect(setsLink(page)).toHaveAccessibleName('Sets: 3 standards (6 parts)');
}

async function download(page: Page, button: string) {
  const file = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const d = await file;
  return { name: d.suggestedFilename(), text: readFileSync((await d.path())!, 'utf8') };
}

test('a designer adds a whole cluster in one step, names the set, shares the link; a colleague opens it (online, then offline with the framework saved) and saves it as their own', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto(`/frameworks/${CA_MATH}?item=${CLUSTER_3NFA}`);
  const detail = page.getByRole('region', { name: 'Standard details' });
  const addAll = detail.getByRole('button', { name: 'Add the 3 standards under it' });
  // The count is read when the details open: on a busy machine that takes a few seconds.
  await expect(detail.getByLabel('with their parts (6 components)')).toBeChecked({ timeout: 15_000 });
  await addAll.click();
  await expect(undoBar(page)).toContainText('Added 3 standards and 6 parts to “My set”.');
  await expect(setsLink(page)).toHaveAccessibleName('Sets: 3 standards (6 parts)');
  // One step back, and again.
  await undoBar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(setsLink(page)).toHaveText('Sets');
  await addAll.click();
  await expect(setsLink(page)).toContainText('3');

  await setsLink(page).click();
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('Grade 3 fractions unit');
  await name.press('Enter');
  await expect(page.getByRole('heading', { name: '3 standards (6 parts) in “Grade 3 fractions unit”' })).toBeVisible();
  await expect(name).toBeFocused();
  expect(await rowCodes(page)).toEqual(UNIT_CODES);
  await expectAxeClean(page);

  await page.getByRole('button', { name: 'Copy share link' }).click();
  const link = await page.getByLabel(/It carries 3 standards \(6 parts\) in [\d,]+ characters/).inputValue();
  const url = new URL(link);
  expect(url.pathname).toBe('/shared');
  expect(url.search).toBe(''); // the set rides in the fragment, which no server sees
  expect(url.hash).toMatch(/^#set=[A-Za-z0-9_-]+$/);

  // A colleague on another device: nothing of the designer's is stored there.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto(link);
  await expect(colleague.getByRole('heading', { level: 1 })).toHaveText('Grade 3 fractions unit');
  await expect(colleague.getByText('Shared set · read-only')).toBeVisible();
  await expect(colleague.getByText('3 standards (6 parts) in the link.')).toBeVisible();
  await expect(rows(colleague)).toHaveCount(9);
  expect(await rowCodes(colleague)).toEqual(UNIT_CODES);
  await expect(rows(colleague).getByRole('button')).toHaveCount(0);
  await expectAxeClean(colleague);

  // Offline, from the saved framework.
  await colleague.goto(`/frameworks/${CA_MATH}`);
  await serviceWorkerActivated(colleague);
  await colleague.getByRole('button', { name: 'Make available offline' }).click();
  await expect(colleague.getByText('Available offline')).toBeVisible({ timeout: 90_000 });
  await colleague.waitForTimeout(1500); // the query cache persists at most once a second
  const back = await loadOffline(colleague, () => colleague.goto(link));
  await expect(colleague.getByRole('heading', { level: 1 })).toHaveText('Grade 3 fractions unit');
  await expect(rows(colleague)).toHaveCount(9);
  expect(await rowCodes(colleague)).toEqual(UNIT_CODES);
  // Handed on offline too: the CASE package is made on the device.
  const offlinePackage = JSON.parse((await download(colleague, 'CASE package')).text);
  expect(checkCasePackage(offlinePackage)).toEqual([]);
  expect(offlinePackage.CFDocument.title).toBe('Grade 3 fractions unit');
  await colleague.getByRole('button', { name: 'Save as my set' }).click();
  await expect(colleague).toHaveURL(/\/sets$/);
  await expect(colleague.getByRole('heading', { name: '3 standards (6 parts) in “Grade 3 fractions unit”' })).toBeVisible();
  // The empty set the device began with gave way: no "My set (0 standards)" is left behind.
  await expect(colleague.getByLabel('Set being edited').locator('option')).toHaveText(['Grade 3 fractions unit · 3 standards (6 parts)']);
  await expect(undoBar(colleague)).toContainText('the empty “My set” gave way');
  await back();
  await colleagueContext.close();
});

test("a grouping's own page offers its standards too, and counts them once", async ({ page }) => {
  await page.goto(`/items/${CLUSTER_3NFA}`);
  const addAll = page.getByRole('button', { name: 'Add the 3 standards under it' });
  await expect(addAll).toBeVisible();
  // Counted once: nothing more is asked for while the page sits there.
  let asked = 0;
  page.on('request', (r) => r.url().includes('/api/v0/') && asked++);
  await page.waitForTimeout(1500);
  expect(asked).toBe(0);
  await addAll.click();
  await expect(setsLink(page)).toContainText('3');
});

test('a shared link names the standards the data no longer holds, and a broken link says what is wrong', async ({ page }) => {
  // A link made where the data held one more standard (retired since, or another data set's).
  const foreign = '00000000-0000-4000-8000-0000000000aa';
  await page.goto(setLink(APP_BASE, { name: '<b>Stale</b> unit', note: '', ids: [foreign, CA_3NFA1] }).replace(APP_BASE, ''));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('<b>Stale</b> unit'); // markup shown as text
  await expect(page.getByRole('alert')).toContainText('1 standard in this link is not in this data');
  await expect(page.getByRole('alert')).toContainText(foreign);
  expect(await rowCodes(page)).toEqual(['3.NF.A.1']);
  await page.getByRole('button', { name: 'Save as my set' }).click();
  await expect(page.getByRole('heading', { name: '1 standard in “<b>Stale</b> unit”' })).toBeVisible();

  const whole = new URL(setLink(APP_BASE, { name: 'Unit', note: '', ids: [CA_3NFA1, CLUSTER_3NFA, STANDARD_4NFB3] }));
  await page.goto(`/shared${whole.hash.slice(0, whole.hash.length - 12)}`);
  await expect(page.getByRole('alert')).toContainText('cut short or damaged');
  await page.goto('/shared');
  await expect(page.getByRole('alert')).toContainText('This link holds no set');
  await page.goto('/shared#set=%3Cscript%3E');
  await expect(page.getByRole('alert')).toContainText('never has');
});

test('an exported CSV loads back as the same set; a broken file loads nothing and names its line', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}?item=${STANDARD_4NFB3}`);
  await page.getByRole('region', { name: 'Standard details' }).getByRole('button', { name: 'Add to set' }).click();
  // The standard comes with its lettered components.
  await expect(setsLink(page)).toHaveAccessibleName('Sets: 1 standard (4 parts)');
  await expect(undoBar(page)).toContainText('Added 4.NF.B.3 with its 4 parts to “My set”.');
  await setsLink(page).click();
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('Fraction sums');
  await name.press('Tab');
  const codes = await rowCodes(page);
  expect(codes).toEqual(['4.NF.B.3', '4.NF.B.3.a', '4.NF.B.3.b', '4.NF.B.3.c', '4.NF.B.3.d']);

  const csv = await download(page, 'Export CSV');
  expect(csv.name).toBe('fraction-sums.csv');
  const file = page.getByLabel(/Load a set from a file/);
  await file.setInputFiles({ name: csv.name, mimeType: 'text/csv', buffer: Buffer.from(csv.text) });
  // A loaded copy is named apart from the set it came from.
  await expect(
    page.getByText('Loaded “Fraction sums (2)” (“Fraction sums” was taken) with 1 standard (4 parts); it is now the set being edited.'),
  ).toBeVisible();
  const chooser = page.getByLabel('Set being edited');
  await expect(chooser.locator('option')).toHaveText(['Fraction sums · 1 standard (4 parts)', 'Fraction sums (2) · 1 standard (4 parts)']);
  expect(await rowCodes(page)).toEqual(codes);

  // The loaded copy is the set being edited, and its files carry its own name.
  const json = await download(page, 'Export JSON');
  expect(json.name).toBe('fraction-sums-2.json');
  await file.setInputFiles({ name: 'anything.json', mimeType: 'application/json', buffer: Buffer.from(json.text) });
  await expect(chooser.locator('option')).toHaveCount(3);

  await file.setInputFiles({
    name: 'edited.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Code,CASE URI\r\n4.NF.B.3,https://x.example/${STANDARD_4NFB3}\r\nmine,see the unit plan\r\n`),
  });
  const alert = page.getByRole('alert').filter({ hasText: 'Nothing was loaded' });
  await expect(alert).toContainText('Nothing was loaded: 1 line has a problem.');
  await expect(alert).toContainText('Line 3: the “CASE URI” column (“see the unit plan”) does not hold a CASE UUID');
  await expect(chooser.locator('option')).toHaveCount(3);
  // A file naming a standard the data lacks loads nothing either, and says which line.
  await file.setInputFiles({
    name: 'stale.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Code,CASE URI\r\n4.NF.B.3,${STANDARD_4NFB3}\r\ngone,00000000-0000-4000-8000-0000000000bb\r\n`),
  });
  await expect(alert).toContainText('Line 3: no standard 00000000-0000-4000-8000-0000000000bb');
  await expect(chooser.locator('option')).toHaveCount(3);
});

test('the set exports as a Canvas outcomes CSV and a CASE package that validates', async ({ page }) => {
  await addCluster(page);
  await setsLink(page).click();
  const canvas = await download(page, 'Canvas outcomes CSV');
  expect(canvas.name).toBe('my-set-canvas-outcomes.csv');
  const [header, ...lines] = Papa.parse<string[]>(canvas.text.trim()).data;
  expect(header!.slice(0, 3)).toEqual(['vendor_guid', 'object_type', 'title']);
  const outcomes = lines.filter((l) => l[1] === 'outcome');
  expect(outcomes.map((o) => o[2])).toEqual(UNIT_CODES);
  expect(lines.filter((l) => l[1] === 'group').map((g) => g[0])).toHaveLength(2);
  expect(outcomes[0]!.slice(header!.indexOf('ratings'))).toEqual([
    '4',
    'Exceeds Mastery',
    '3',
    'Meets Mastery',
    '2',
    'Near Mastery',
    '1',
    'Below Mastery',
    '0',
    'No Evidence',
  ]);
  await page
    .getByLabel('Rating scale for Canvas')
    .selectOption({ label: 'Three levels: Mastered 2, Developing 1, Not yet 0 (mastery at 2)' });
  const three = Papa.parse<string[]>((await download(page, 'Canvas outcomes CSV')).text.trim()).data;
  expect(three.find((l) => l[1] === 'outcome')!.slice(header!.indexOf('ratings'))).toEqual([
    '2',
    'Mastered',
    '1',
    'Developing',
    '0',
    'Not yet',
  ]);

  const cased = await download(page, 'CASE package');
  expect(cased.name).toBe('my-set-case.json');
  const pkg = JSON.parse(cased.text);
  expect(checkCasePackage(pkg)).toEqual([]);
  expect(pkg.CFDocument.title).toBe('My set');
  expect(
    pkg.CFItems.filter((i: { humanCodingScheme?: string }) => UNIT_CODES.includes(i.humanCodingScheme ?? '')).map(
      (i: { humanCodingScheme: string }) => i.humanCodingScheme,
    ),
  ).toEqual(UNIT_CODES);
  // The same set exported again names its document the same way.
  expect(JSON.parse((await download(page, 'CASE package')).text).CFDocument.identifier).toBe(pkg.CFDocument.identifier);
});

test('a designer arranges the set by keyboard and by drag, keeps several sets, and undoes a delete', async ({ page }) => {
  await addCluster(page);
  await setsLink(page).click();
  // Keyboard: to the bottom, then to the top; the focus stays with the moved row.
  await page.getByRole('button', { name: 'Move 3.NF.A.1 to the bottom' }).click();
  expect((await rowCodes(page)).at(-1)).toBe('3.NF.A.1');
  await expect(page.getByRole('button', { name: 'Move 3.NF.A.1 up' })).toBeFocused();
  await page.keyboard.press('Shift+Tab'); // to "Move 3.NF.A.1 to the top"
  await page.keyboard.press('Enter');
  expect((await rowCodes(page))[0]).toBe('3.NF.A.1');
  await expect(page.getByRole('button', { name: 'Move 3.NF.A.1 down' })).toBeFocused();
  // Drag 3.NF.A.3 onto the first row.
  await rows(page).filter({ hasText: '3.NF.A.3 ' }).first().dragTo(rows(page).first());
  expect((await rowCodes(page))[0]).toBe('3.NF.A.3');
  await undoBar(page).getByRole('button', { name: 'Undo' }).click();
  expect((await rowCodes(page))[0]).toBe('3.NF.A.1');

  // A second set, a duplicate, a delete taken back.
  await page.getByRole('button', { name: 'New set' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Untitled set 2');
  await expect(page.getByText('“Untitled set 2” is empty.')).toBeVisible();
  const chooser = page.getByLabel('Set being edited');
  await chooser.selectOption({ label: 'My set · 3 standards (6 parts)' });
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(chooser.locator('option')).toHaveText([
    'My set · 3 standards (6 parts)',
    'My set (2) · 3 standards (6 parts)',
    'Untitled set 2 · 0 standards',
  ]);
  await page.getByRole('button', { name: 'Delete set' }).click();
  await expect(chooser.locator('option')).toHaveCount(2);
  await expect(undoBar(page)).toContainText('Deleted “My set (2)”.');
  await undoBar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(chooser.locator('option')).toHaveCount(3);
  // The print carries the set's name.
  await chooser.selectOption({ label: 'My set · 3 standards (6 parts)' });
  await page.getByRole('link', { name: 'Print' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My set');
  await expect(page.getByRole('article')).toHaveCount(9);
});

test('sets work on a 390 px phone and at 320 px, in dark mode, with nothing sideways', async ({ page }) => {
  // Two widths, a shared view and three accessibility scans: more than 30 s on a busy machine.
  test.setTimeout(90_000);
  await addCluster(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/sets');
    await expect(rows(page)).toHaveCount(9);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The row's text keeps most of the width; its buttons go under it.
    expect((await rows(page).first().locator('p').boundingBox())!.width).toBeGreaterThan(width - 120);
  }
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Copy share link' }).click();
  const link = await page.getByLabel(/It carries 3 standards \(6 parts\)/).inputValue();
  await page.goto(link);
  await expect(rows(page)).toHaveCount(9);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAxeClean(page);
});

test('an LMS opens the picker on an earlier alignment: a set link preselects its standards', async ({ page }) => {
  await addCluster(page);
  await setsLink(page).click();
  await page.getByRole('button', { name: 'Copy share link' }).click();
  const link = await page.getByLabel(/It carries 3 standards \(6 parts\)/).inputValue();
  // Given whole, URL-encoded, without a framework: the picker opens the set's framework.
  await page.goto(`/embed?mode=multiple&set=${encodeURIComponent(link)}`);
  const tray = page.getByRole('region', { name: 'Selected standards' });
  await expect(tray.getByRole('heading')).toHaveText('Selected: 3 standards (6 parts)');
  await expect(tray).toContainText('3.NF.A.3.d');
  // A broken set link preselects nothing and says why.
  await page.goto(`/embed?framework=${CA_MATH}&mode=multiple&set=nonsense`);
  await expect(page.getByRole('alert')).toContainText('Nothing was preselected: the set link in set= cannot be read.');
});
