import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { CA_MATH, CC_MATH, expect, test } from './fixtures';
import { findStandards as findAndAsk, suggestions } from './find-standards';

/** California's 3.OA.A.3: no examples of its own, those of Common Core's (its identical match). */
const CA_3OAA3 = '5ec0f5dc-d7cc-11e8-824f-0242ac160002';
/** Common Core's HSG-SRT.C.8. */
const CC_SRTC8 = '6ba0c5dc-d7cc-11e8-824f-0242ac160002';

async function findStandards(page: Page, text: string) {
  const panel = await findAndAsk(page, text);
  await expect(panel.getByRole('status').first()).toHaveText(/best match first/);
  return panel;
}

test("a standard's details show example tasks, marked as written for Standards Explorer; a state's standard shows its identical match's", async ({
  page,
  expectNoSeriousA11yViolations,
}) => {
  for (const id of [CC_SRTC8, CA_3OAA3]) {
    await page.goto(`/items/${id}`);
    const details = page.getByRole('region', { name: 'Standard details' });
    const examples = details.getByRole('region', { name: 'Example tasks' });
    await expect(examples).toBeVisible();
    await expect(examples).toContainText('Written for Standards Explorer as examples of this standard; not part of the standard.');
    const items = examples.getByRole('listitem');
    expect(await items.count()).toBeGreaterThanOrEqual(2);
    await expect(items.first()).toContainText(/^Word problem:/);
  }
  await expectNoSeriousA11yViolations();
});

test('a teacher keeps a text as their own example: the next similar text ranks with it and says so; listed, exported, imported and removed in Settings', async ({
  page,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(120_000);
  await page.goto(`/frameworks/${CC_MATH}`);
  // A made-up word the bank has never seen: only the teacher's example can tie it to a standard.
  const text = 'Plorb sorting: put the plorbs in groups of ten and tell how many tens and ones there are.';
  let panel = await findStandards(page, text);
  const first = suggestions(panel).first();
  const code = (await first.locator('bdi').first().textContent())!;
  // Every suggestion says why, and the bank's nearest example is named ("Like: …").
  await expect(panel.getByText(/^Like:/).first()).toBeVisible();
  await expect(first.getByRole('button', { name: /Keep this text as my example/ })).toHaveCount(0);
  await first.getByRole('button', { name: 'Add to set' }).click();
  await first.getByRole('button', { name: `Keep this text as my example of ${code}` }).click();
  await expect(first.getByRole('status')).toHaveText(`Kept as your example of ${code}`);
  // "The right standard is not listed?": another standard, by its code.
  await panel.getByText('The right standard is not listed?').click();
  const codeBox = panel.getByLabel('Keep this text as my example of the standard with the code');
  await codeBox.fill('1.NBT.Z.9');
  await panel.getByRole('button', { name: 'Keep as my example' }).click();
  await expect(panel.getByText(/has no standard with the code 1\.NBT\.Z\.9/)).toBeVisible();
  await codeBox.fill('1.NBT.B.2.a');
  await panel.getByRole('button', { name: 'Keep as my example' }).click();
  await expect(panel.getByText('Kept as your example of 1.NBT.B.2.a. Similar texts will rank it higher on this device.')).toBeVisible();
  await expectNoSeriousA11yViolations();

  // The next similar text: the teacher's example leads, and says so.
  await page.reload();
  panel = await findStandards(page, 'How many plorbs? Make groups of ten plorbs and count the leftover ones.');
  const mine = suggestions(panel).filter({ hasText: 'Like your example:' });
  await expect(mine.first()).toBeVisible();
  const leading = await suggestions(panel).first().locator('bdi').first().textContent();
  expect([code, '1.NBT.B.2.a']).toContain(leading);
  await expect(suggestions(panel).first()).toContainText(`Like your example: ${text}`);

  // Settings lists them; the file carries them to another device.
  await page.goto('/settings');
  const list = page.getByRole('list', { name: /^Your examples/ });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(code);
  await expect(list).toContainText('1.NBT.B.2.a');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export examples' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, 'utf8'));
  expect(exported.examples).toHaveLength(2);
  for (const name of [code, '1.NBT.B.2.a'])
    await list.getByRole('button', { name: new RegExp(`^Remove your example of ${name.replace(/\./g, '\\.')}:`) }).click();
  await expect(page.getByText(/^No examples yet\./)).toBeVisible();
  const chooser = page.getByLabel('Import examples…');
  await chooser.setInputFiles(file);
  await expect(page.getByText(/^Imported 2 examples from/)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await chooser.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') });
  await expect(page.getByText(/This file is not an examples file of Standards Explorer/)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expectNoSeriousA11yViolations();
});

test('in the embedded picker a selected suggestion can be kept as an example too', async ({ page }) => {
  await page.goto(`/embed?framework=${CA_MATH}&mode=multiple`);
  await page.getByRole('button', { name: 'Find standards for a text' }).click();
  const panel = page.getByRole('region', { name: 'Find standards for a text' });
  await panel
    .getByLabel('Paste a problem, an activity or a lesson')
    .fill('Share 24 crayons equally among 6 tables. How many crayons per table?');
  await panel.getByRole('button', { name: 'Find standards', exact: true }).click();
  const first = suggestions(panel).first();
  await first.getByRole('button', { name: /^Select / }).click();
  await first.getByRole('button', { name: /^Keep this text as my example of / }).click();
  await expect(first.getByRole('status')).toHaveText(/^Kept as your example of /);
});
