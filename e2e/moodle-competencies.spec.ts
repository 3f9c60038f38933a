/**
 * Standards into Moodle's competencies, in real Chromium on the real data: a set and a
 * framework filtered by grade download as the CSV Moodle's "Import competency framework"
 * reads (held to Moodle's rules, server/test-support/moodle-rules.ts); a whole framework
 * too large for one import is said before anything downloads; on a phone the control sits
 * in "Filters and tools", fits 320 px and works from the keyboard. And a shared link whose
 * standards are not in this data says so in counts that agree.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkMoodleCompetencies, readMoodleFile } from '../server/test-support/moodle-rules';
import { setLink } from '../src/lib/set-link';
import { APP_BASE, CA_MATH, expect, expectAxeClean, test } from './fixtures';

const CLUSTER_3NFA = '5ebe91dd-d7cc-11e8-824f-0242ac160002';
const UNIT_CODES = ['3.NF.A.1', '3.NF.A.2', '3.NF.A.2.a', '3.NF.A.2.b', '3.NF.A.3', '3.NF.A.3.a', '3.NF.A.3.b', '3.NF.A.3.c', '3.NF.A.3.d'];
const BUTTON = 'Moodle competency framework (CSV)';

// Reading a whole framework's outline takes some hundreds of requests: longer than the default on a busy machine.
test.describe.configure({ timeout: 120_000 });

const setsLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Sets/ });

async function download(page: Page, press: () => Promise<void>) {
  const file = page.waitForEvent('download', { timeout: 60_000 });
  await press();
  const d = await file;
  return { name: d.suggestedFilename(), text: readFileSync((await d.path())!, 'utf8') };
}

/** The cells of the file's competency rows whose short name starts with a code. */
const shortNames = (csv: string) =>
  readMoodleFile(csv)
    .rows.slice(1)
    .map((r) => r[2]!);

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('a set goes to Moodle as a competency framework: its standards and parts under the groupings that hold them', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}?item=${CLUSTER_3NFA}`);
  await page.getByRole('region', { name: 'Standard details' }).getByRole('button', { name: 'Add the 3 standards under it' }).click();
  await expect(setsLink(page)).toHaveAccessibleName('Sets: 3 standards (6 parts)');
  await setsLink(page).click();
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('Grade 3 fractions unit');
  await name.press('Enter');
  await expect(page.getByRole('heading', { name: '3 standards (6 parts) in “Grade 3 fractions unit”' })).toBeVisible();

  const file = await download(page, () => page.getByRole('button', { name: BUTTON }).click());
  expect(file.name).toBe('grade-3-fractions-unit-moodle-competencies.csv');
  expect(checkMoodleCompetencies(file.text)).toEqual([]);
  const [framework, ...rows] = readMoodleFile(file.text).rows;
  expect(framework!.slice(2, 3)).toEqual(['Grade 3 fractions unit']);
  expect(framework![12]).toBe('1');
  expect(framework![3]).toContain('A set of 3 standards (6 parts) from California Common Core State Standards - Mathematics.');
  // The four groupings above the unit, then its standards and parts in the framework's order.
  expect(rows.map((r) => r[2]!.split(' ')[0])).toEqual(['Standards', 'Grade', 'Number', '3.NF.A', ...UNIT_CODES]);
  expect(rows.map((r) => r[1]).slice(4)).toEqual(UNIT_CODES);
  expect(rows[4]![0]).toBe('3.NF.A');
  expect(rows[6]![0]).toBe('3.NF.A.2');
  await expect(page.getByRole('status').filter({ hasText: 'Moodle' })).toHaveText(
    'Exported 3 standards (6 parts). Downloaded a Moodle competency framework of 13 competencies: import it at Site administration › Competencies › Import competency framework.',
  );
  await expectAxeClean(page);
});

test('a framework filtered to grade 3 goes to Moodle as the outline shows it, with progress while it is read', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/frameworks/${CA_MATH}?grades=3`);
  const button = page.getByRole('button', { name: BUTTON });
  await expect(button).toHaveAccessibleDescription('For Moodle: this framework’s grade 3, with the groupings that hold them.');
  const file = await download(page, () => button.click());
  expect(file.name).toBe('california-common-core-state-standards-mathematics-grade-3-moodle-competencies.csv');
  expect(checkMoodleCompetencies(file.text)).toEqual([]);
  const [framework] = readMoodleFile(file.text).rows;
  expect(framework!.slice(1, 3)).toEqual(['california_c6487102_grade-3', 'California Common Core State Standards - Mathematics · grade 3']);
  const names = shortNames(file.text);
  expect(names.some((n) => n.startsWith('3.NF.A.1 Understand a fraction 1/b'))).toBe(true);
  expect(names.some((n) => /^4\./.test(n))).toBe(false);
  await expect(page.getByRole('status').filter({ hasText: 'Moodle competency framework of' })).toContainText('Downloaded a Moodle');
});

test('a whole framework too large for one import is said before any download, with the grade filter as the way to split it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.goto(`/frameworks/${CA_MATH}`);
  await page.getByRole('button', { name: BUTTON }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reading the framework’s outline' })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'competencies' });
  await expect(alert).toContainText('This file holds 1,467 competencies', { timeout: 60_000 });
  await expect(alert).toContainText('Choose one grade or a few (the Grade filter)');
  await expect(alert).toBeFocused();
  expect(downloads).toBe(0);
  await alert.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No file was made.' })).toBeVisible();
  expect(downloads).toBe(0);
  // Asked again (the outline is cached now), it can still be had.
  await page.getByRole('button', { name: BUTTON }).click();
  const file = await download(page, () => page.getByRole('button', { name: 'Download anyway' }).click());
  expect(readMoodleFile(file.text).rows).toHaveLength(1 + 1467);
  expect(checkMoodleCompetencies(file.text)).toEqual([]);
});

for (const phone of [
  { width: 390, height: 844, colorScheme: 'light' as const },
  { width: 320, height: 640, colorScheme: 'dark' as const },
])
  test(`on a ${phone.width} px phone (${phone.colorScheme}) the control is in “Filters and tools”, fits, and works from the keyboard`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: phone.width, height: phone.height });
    await page.emulateMedia({ colorScheme: phone.colorScheme });
    await page.goto(`/frameworks/${CA_MATH}?grades=4`);
    // The bar above the standards stays as it was: the control is in the sheet.
    await expect(page.getByRole('button', { name: BUTTON })).toHaveCount(0);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters and tools' });
    const button = sheet.getByRole('button', { name: BUTTON });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    await button.focus();
    const file = await download(page, () => page.keyboard.press('Enter'));
    expect(file.name).toBe('california-common-core-state-standards-mathematics-grade-4-moodle-competencies.csv');
    expect(checkMoodleCompetencies(file.text)).toEqual([]);
    await expect(sheet.getByRole('status').filter({ hasText: 'Downloaded' })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
  });

test('a shared link whose standards are not in this data says what it holds and that none of it is here', async ({ page }) => {
  const ids = Array.from({ length: 300 }, () => randomUUID());
  await page.goto(setLink(APP_BASE, { name: 'From other data', note: '', ids }).replace(APP_BASE, ''));
  // Each of the 300 is asked for (and found missing) before the page can say so.
  await expect(page.getByText('300 standards and parts in the link; none of them is in this data.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/0 standards in the link/)).toHaveCount(0);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('They may be retired, or from other data: there is nothing to show, save or export.');
  await expect(alert.getByRole('listitem')).toHaveCount(300);
  await expect(page.getByRole('button', { name: 'Save as my set' })).toBeDisabled();
  await expect(page.getByRole('button', { name: BUTTON })).toBeDisabled();
});
