/**
 * Sets as a curriculum designer hands them on, without surprises: counts that say
 * standards and parts apart everywhere a set is named, a picker that keeps a set given in
 * its own fragment, files read strictly (nothing half-loaded), the CASE package's two
 * orders, a grouping in a set handed to Canvas as a group, names that tell copies apart,
 * and offline words that name the framework to save.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { checkCanvasOutcomes } from '../server/test-support/canvas-rules';
import { checkCasePackage } from '../server/test-support/case-rules';
import { APP_BASE, CA_MATH, expect, expectAxeClean, HOST_BASE, loadOffline, serviceWorkerActivated, test } from './fixtures';

const CLUSTER_3NFA = '5ebe91dd-d7cc-11e8-824f-0242ac160002';
const DOMAIN_3NF = '5ec0b0be-d7cc-11e8-824f-0242ac160002';
const CA_NAME = 'California Common Core State Standards - Mathematics';
const UNIT_CODES = ['3.NF.A.1', '3.NF.A.2', '3.NF.A.2.a', '3.NF.A.2.b', '3.NF.A.3', '3.NF.A.3.a', '3.NF.A.3.b', '3.NF.A.3.c', '3.NF.A.3.d'];
const COUNT = '3 standards (6 parts)';
/** The unit after "Move 3.NF.A.3 to the top" (the row moves alone; its parts stay where they were). */
const MOVED = ['3.NF.A.3', '3.NF.A.1', '3.NF.A.2', '3.NF.A.2.a', '3.NF.A.2.b', '3.NF.A.3.a', '3.NF.A.3.b', '3.NF.A.3.c', '3.NF.A.3.d'];

// Each journey builds a set first, then hands it on several ways: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const setsLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Sets/ });
const rows = (page: Page) => page.getByRole('group', { name: /^Standards in / }).getByRole('listitem');
const rowCodes = async (page: Page) => (await rows(page).locator('bdi').allTextContents()).map((t) => t.trim());
const chooser = (page: Page) => page.getByLabel('Set being edited');
const details = (page: Page) => page.getByRole('region', { name: 'Standard details' });

/** California's 3.NF.A with its standards' parts, from the cluster's details, in a set named for the unit. */
async function unitSet(page: Page) {
  await page.goto(`/frameworks/${CA_MATH}?item=${CLUSTER_3NFA}`);
  await details(page).getByRole('button', { name: 'Add the 3 standards under it' }).click();
  await expect(setsLink(page)).toHaveAccessibleName(`Sets: ${COUNT}`);
  await setsLink(page).click();
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('Grade 3 fractions unit');
  await name.press('Enter');
  await expect(page.getByRole('heading', { name: `${COUNT} in “Grade 3 fractions unit”` })).toBeVisible();
}

async function download(page: Page, button: string) {
  const file = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const d = await file;
  return { name: d.suggestedFilename(), text: readFileSync((await d.path())!, 'utf8') };
}

async function shareLink(page: Page) {
  await page.getByRole('button', { name: 'Copy share link' }).click();
  return page.getByLabel(/It carries/).inputValue();
}

test('a unit of 3 standards is counted as 3 standards with 6 parts wherever it is named', async ({ page }) => {
  await unitSet(page);
  await expect(chooser(page).locator('option')).toHaveText([`Grade 3 fractions unit · ${COUNT}`]);
  await expect(setsLink(page).locator('[title]')).toHaveText('3');
  const link = await shareLink(page);
  await expect(page.getByText(new RegExp(`It carries ${COUNT.replace(/[()]/g, '\\$&')} in [\\d,]+ characters`))).toBeVisible();
  await download(page, 'Canvas outcomes CSV');
  await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toHaveText(`Exported ${COUNT} as Canvas outcomes.`);
  const pkg = JSON.parse((await download(page, 'CASE package')).text);
  expect(pkg.CFDocument.notes).toContain(`A set of ${COUNT} made with Standards Explorer.`);
  await page.getByRole('link', { name: 'Print' }).click();
  await expect(page.getByText(new RegExp(`^${COUNT.replace(/[()]/g, '\\$&')} · printed`))).toBeVisible();

  await page.goto(link);
  await expect(page.getByText(`${COUNT} in the link.`)).toBeVisible();
  await page.goto(`/embed?mode=multiple&origin=${HOST_BASE}&set=${encodeURIComponent(link)}`);
  await expect(page.getByRole('region', { name: 'Selected standards' }).getByRole('heading')).toHaveText(`Selected: ${COUNT}`);
  await expect(page.getByRole('button', { name: `Use ${COUNT}` })).toBeEnabled();
});

test('a picker opened with the set in its own fragment and no framework keeps the fragment and preselects the set', async ({ page }) => {
  await unitSet(page);
  const link = await shareLink(page);
  const fragment = new URL(link).hash;
  await page.goto(`/embed?mode=multiple&origin=${encodeURIComponent(HOST_BASE)}${fragment}`);
  const tray = page.getByRole('region', { name: 'Selected standards' });
  await expect(tray.getByRole('heading')).toHaveText(`Selected: ${COUNT}`);
  await expect(tray.getByRole('listitem')).toHaveText(UNIT_CODES);
  // The framework was filled in; the fragment stayed, so a reload preselects the same set.
  const url = new URL(page.url());
  expect(url.searchParams.get('framework')).toBe(CA_MATH);
  expect(url.hash).toBe(fragment);
  await page.reload();
  await expect(tray.getByRole('heading')).toHaveText(`Selected: ${COUNT}`);
  // Filters change the address; the fragment still rides along.
  await page.getByRole('group', { name: 'Grade' }).getByRole('button', { name: '3', exact: true }).click();
  await expect(page).toHaveURL(/grades=3/);
  expect(new URL(page.url()).hash).toBe(fragment);

  // Read strictly: one id a digit too long preselects nothing and says which and why.
  const [first, second] = ['5ebef26f-d7cc-11e8-824f-0242ac160002', '6b9bf846-d7cc-11e8-824f-0242ac160002'];
  await page.goto(`/embed?framework=${CA_MATH}&mode=multiple&selected=${first},${second}7`);
  await expect(page.getByRole('alert')).toHaveText(
    `Nothing was preselected: selected=, item 2: the id (“${second}7”) does not hold a CASE UUID: its last group has 13 hex digits, not 12.`,
  );
  await expect(tray.getByRole('heading')).toHaveText('Selected: 0 standards');
  await expectAxeClean(page);
});

test('a file whose CASE URI ends in a 13-digit UUID is refused, naming its line; nothing is loaded', async ({ page }) => {
  await unitSet(page);
  const csv = (await download(page, 'Export CSV')).text;
  const lines = csv.split('\r\n');
  // Line 3 (the second standard) gets one hex digit too many at the end of its CASE URI.
  lines[2] = lines[2]!.replace(/(-[0-9a-f]{12})(?=[,"\s]|$)/, '$17');
  expect(lines[2]).toMatch(/-[0-9a-f]{13}/);
  const file = page.getByLabel(/Load a set from a file/);
  await file.setInputFiles({ name: 'grade-3-fractions-unit.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });
  const alert = page.getByRole('alert').filter({ hasText: 'Nothing was loaded' });
  await expect(alert).toContainText('Nothing was loaded: 1 line has a problem.');
  await expect(alert).toContainText('Line 3: the “CASE URI” column');
  await expect(alert).toContainText('does not end in a CASE UUID: its last group has 13 hex digits, not 12.');
  await expect(chooser(page).locator('option')).toHaveCount(1);
  // The file as exported loads whole, named apart from the set it came from.
  await file.setInputFiles({ name: 'grade-3-fractions-unit.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText(`Loaded “Grade 3 fractions unit (2)” (“Grade 3 fractions unit” was taken) with ${COUNT}`)).toBeVisible();
  expect(await rowCodes(page)).toEqual(UNIT_CODES);
});

test('the CASE package of a reordered set keeps the framework’s order in isChildOf and the designer’s in its precedes grouping', async ({
  page,
}) => {
  await unitSet(page);
  await page.getByRole('button', { name: 'Move 3.NF.A.3 to the top' }).click();
  expect(await rowCodes(page)).toEqual(MOVED);
  const pkg = JSON.parse((await download(page, 'CASE package')).text);
  expect(checkCasePackage(pkg)).toEqual([]);
  const code = (id: string) => pkg.CFItems.find((i: { identifier: string }) => i.identifier === id)?.humanCodingScheme;
  type Association = {
    associationType: string;
    sequenceNumber: number;
    originNodeURI: { identifier: string };
    destinationNodeURI: { identifier: string };
  };
  const associations = pkg.CFAssociations as Association[];
  const childOf = (c: string) => associations.find((a) => a.associationType === 'isChildOf' && code(a.originNodeURI.identifier) === c)!;
  expect(['3.NF.A.1', '3.NF.A.2', '3.NF.A.3'].map((c) => childOf(c).sequenceNumber)).toEqual([1, 2, 3]);
  const precedes = associations.filter((a) => a.associationType === 'precedes');
  expect([code(precedes[0]!.originNodeURI.identifier), ...precedes.map((a) => code(a.destinationNodeURI.identifier))]).toEqual(MOVED);
  expect(pkg.CFDefinitions.CFAssociationGroupings[0].title).toBe('Order of “Grade 3 fractions unit”');
  await expect(page.getByText('The CASE package keeps the framework’s outline and, beside it, the set’s own order.')).toBeVisible();
});

test('a domain added to a set goes to Canvas as a group once, never as an outcome, and the file keeps the set’s order', async ({
  page,
}) => {
  await unitSet(page);
  await page.getByRole('button', { name: 'Move 3.NF.A.3 to the top' }).click();
  await page.goto(`/frameworks/${CA_MATH}?item=${DOMAIN_3NF}`);
  await expect(details(page).getByRole('button', { name: 'Add the 3 standards under it' })).toBeVisible();
  await details(page).getByRole('button', { name: 'Add to set' }).click();
  await expect(setsLink(page)).toHaveAccessibleName(`Sets: ${COUNT} and 1 grouping`);
  await setsLink(page).click();
  await expect(rows(page).last()).toContainText('Grouping');
  await expect(page.getByText(/the grouping in the set \(Number & Operations—Fractions\)\s*becomes a group, not outcomes/)).toBeVisible();
  const canvas = await download(page, 'Canvas outcomes CSV');
  expect(checkCanvasOutcomes(canvas.text)).toEqual([]);
  const [header, ...lines] = Papa.parse<string[]>(canvas.text.trim()).data;
  const col = (name: string) => header!.indexOf(name);
  expect(lines.filter((l) => l[col('vendor_guid')] === DOMAIN_3NF).map((l) => l[col('object_type')])).toEqual(['group']);
  expect(lines.filter((l) => l[col('object_type')] === 'outcome').map((l) => l[col('title')])).toEqual(MOVED);
  // Loaded back, the Canvas file is the set's standards, named for the set and apart from it.
  await page
    .getByLabel(/Load a set from a file/)
    .setInputFiles({ name: canvas.name, mimeType: 'text/csv', buffer: Buffer.from(canvas.text) });
  await expect(page.getByText(`Loaded “Grade 3 fractions unit (2)” (“Grade 3 fractions unit” was taken) with ${COUNT}`)).toBeVisible();
  await expectAxeClean(page);
});

test('names stay distinct: a rename to a taken name is refused, and saving a shared set leaves no empty set behind', async ({
  page,
  browser,
}) => {
  await unitSet(page);
  const link = await shareLink(page);
  await page.getByRole('button', { name: 'New set' }).click();
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('Grade 3 fractions unit');
  await name.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'Another set is already named “Grade 3 fractions unit”: choose a name that tells them apart.',
  );
  await expect(chooser(page).locator('option')).toHaveText([`Grade 3 fractions unit · ${COUNT}`, 'Untitled set 2 · 0 standards']);

  const colleagueContext = await browser.newContext({ baseURL: APP_BASE });
  const colleague = await colleagueContext.newPage();
  await colleague.goto(link);
  await colleague.getByRole('button', { name: 'Save as my set' }).click();
  await expect(colleague).toHaveURL(/\/sets$/);
  await expect(chooser(colleague).locator('option')).toHaveText([`Grade 3 fractions unit · ${COUNT}`]);
  // Saved twice, the second copy is numbered.
  await colleague.goto(link);
  await colleague.getByRole('button', { name: 'Save as my set' }).click();
  await expect(chooser(colleague).locator('option')).toHaveText([
    `Grade 3 fractions unit · ${COUNT}`,
    `Grade 3 fractions unit (2) · ${COUNT}`,
  ]);
  await colleagueContext.close();
});

test('offline with the framework not saved, a shared set names the framework to save, and Print, Save and the exports are off', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await unitSet(page);
  const link = await shareLink(page);
  const colleagueContext = await browser.newContext({ baseURL: APP_BASE });
  const colleague = await colleagueContext.newPage();
  // The app is installed (its first visit), but nothing is saved for offline use.
  await colleague.goto('/sets');
  await serviceWorkerActivated(colleague);
  const back = await loadOffline(colleague, () => colleague.goto(link));
  const alert = colleague.getByRole('alert').filter({ hasText: 'could not be read offline' });
  await expect(alert).toContainText('9 standards and parts of this link could not be read offline.');
  await expect(alert).toContainText(`${CA_NAME} is not available offline`);
  await expect(alert.getByRole('button', { name: 'Save it when online' })).toBeVisible();
  for (const button of ['Print', 'Save as my set', 'Export CSV', 'Canvas outcomes CSV', 'CASE package'])
    await expect(colleague.getByRole('button', { name: button, exact: true })).toBeDisabled();
  await expect(colleague.getByRole('link', { name: 'Print' })).toHaveCount(0);
  await expect(colleague.getByText(/This standards/)).toHaveCount(0);
  // The print view says the same, and prints nothing.
  await colleague.goto(`/print${new URL(link).hash}`);
  await expect(
    colleague.getByText(
      `9 standards and parts of the link could not be read, so nothing is printed. You are offline and ${CA_NAME} is not saved on this device.`,
    ),
  ).toBeVisible();
  await expect(colleague.getByRole('button', { name: 'Print' })).toBeDisabled();
  await back();
  await colleagueContext.close();
});
