import AxeBuilder from '@axe-core/playwright';
import { problemFor } from './alignment-tasks';
import { findStandards, suggestions } from './find-standards';
import { APP_BASE, CA_MATH, CC_MATH, HOST_BASE, expect, test } from './fixtures';

const taskFor = problemFor;

test('a designer pastes a problem and finds its standard, with why, its grade, and the set', async ({
  page,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(60_000); // a long journey: align, add, open, ten more, the set
  await page.goto(`/frameworks/${CC_MATH}`);
  const panel = await findStandards(page, taskFor('8.SP.A.2'));
  await expect(panel.getByRole('status')).toHaveText(/^20 best standards, best match first, showing 10$/);
  const codes = await suggestions(panel).locator('bdi').allTextContents();
  expect(codes.slice(0, 5)).toContain('8.SP.A.2');
  const wanted = suggestions(panel).filter({ has: page.locator('bdi', { hasText: /^8\.SP\.A\.2$/ }) });
  // Why: the telling words it shares, marked in its text, and its grade.
  await expect(wanted).toContainText(/Shares: .*scatter/);
  await expect(wanted.locator('mark', { hasText: /^scatter$/i }).first()).toBeVisible();
  await expect(wanted.getByText('Grade 8', { exact: true })).toBeVisible();
  await wanted.getByRole('button', { name: 'Add to set' }).click();
  await expect(wanted.getByRole('button', { name: 'In set ✓' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Sets/ })).toContainText('1');
  // Opening it shows its details, brought into sight (they stand below the suggestions).
  await wanted.getByRole('button', { name: /^\d+\.\s*8\.SP\.A\.2/ }).click();
  const heading = page.getByRole('region', { name: 'Standard details' }).getByRole('heading', { name: '8.SP.A.2', exact: true });
  await expect(heading).toBeVisible();
  await expect(heading).toBeInViewport();
  // Ten more on request.
  await panel.getByRole('button', { name: 'Show 10 more' }).click();
  await expect(suggestions(panel)).toHaveCount(20);
  await expectNoSeriousA11yViolations();
});

test('a teacher pastes a word problem in everyday words: its standard comes first five, with the mathematics recognised as the reason', async ({
  page,
  expectNoSeriousA11yViolations,
}) => {
  await page.goto(`/frameworks/${CC_MATH}`);
  const panel = await findStandards(
    page,
    'A ladder 13 feet long leans against a wall, its foot 5 feet from the wall. How high up the wall does it reach?',
  );
  await expect(panel.getByRole('status')).toHaveText(/best match first/);
  const codes = await suggestions(panel).locator('bdi').allTextContents();
  expect(codes.slice(0, 5)).toContain('8.G.B.7');
  const wanted = suggestions(panel).filter({ has: page.locator('bdi', { hasText: /^8\.G\.B\.7$/ }) });
  // Why: the concept recognised, with the text's own words, and the standard's whole words marked.
  await expect(wanted).toContainText(/Recognised: right triangles \(Pythagorean theorem\) \(“ladder”/);
  await expect(wanted.locator('mark', { hasText: /^Pythagorean$/ }).first()).toBeVisible();
  // Bare numbers and units are never shown as what it shares.
  const shares = await suggestions(panel)
    .locator('span')
    .filter({ hasText: /^Shares:/ })
    .allTextContents();
  for (const line of shares) expect(line).not.toMatch(/\b(13|5|feet)\b/);
  await expectNoSeriousA11yViolations();
});

test('the grade filter narrows the suggestions; Ctrl+Enter finds; an edited text says to find again', async ({ page }) => {
  await page.goto(`/frameworks/${CA_MATH}`);
  const panel = await findStandards(page, taskFor('4.OA.B.4'));
  await expect(suggestions(panel).first().locator('bdi')).toHaveText('4.OA.B.4');
  // California's standards have skills: the ones sharing the text's words are shown.
  await expect(suggestions(panel).first().getByRole('list', { name: 'Skills it shares with the text' })).toBeVisible();
  await panel.getByLabel('Grade').selectOption('6');
  await panel.getByLabel('Paste a problem, an activity or a lesson').press('Control+Enter');
  await expect(panel.getByRole('status')).toHaveText(/best match first/);
  const grades = await suggestions(panel)
    .getByText(/^Grades? /)
    .allTextContents();
  expect(grades.length).toBeGreaterThan(0);
  expect(grades.every((g) => /\b6\b/.test(g))).toBe(true);
  await panel.getByLabel('Paste a problem, an activity or a lesson').fill('A different text about angles');
  await expect(panel.getByRole('status')).toHaveText(/The text has changed: find again/);
  // No words, nothing to find.
  await panel.getByLabel('Paste a problem, an activity or a lesson').fill('  ?!  ');
  await expect(panel.getByRole('button', { name: 'Find standards', exact: true })).toBeDisabled();
});

test('on a 320 px phone in dark mode the panel fits the screen and reads well', async ({ page, expectNoSeriousA11yViolations }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/frameworks/${CC_MATH}`);
  const panel = await findStandards(page, taskFor('HSG-SRT.D.9'));
  await expect(suggestions(panel).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoSeriousA11yViolations();
});

test('in the picker, the host sends the text it edits; the teacher selects a suggestion and the host receives it', async ({ page }) => {
  type Message = { type: string; capabilities?: string[]; items?: Array<{ statementCode: string }> };
  const received = () => page.evaluate(() => (window as unknown as { receivedMessages: Message[] }).receivedMessages);
  await page.goto(`${HOST_BASE}/embed-example.html?app=${encodeURIComponent(APP_BASE)}&mode=multiple`);
  await expect.poll(async () => (await received()).some((m) => m.type === 'ready'), { timeout: 15_000 }).toBe(true);
  expect((await received()).find((m) => m.type === 'ready')!.capabilities).toContain('alignText');
  const picker = page.frameLocator('#picker');
  const send = (message: unknown) =>
    page.evaluate(
      ([m, origin]) => (document.getElementById('picker') as HTMLIFrameElement).contentWindow!.postMessage(m, origin as string),
      [message, APP_BASE] as const,
    );
  // Malformed: ignored, nothing opens.
  await send({ protocol: 'standards-explorer', version: 1, type: 'alignText', text: 42 });
  await send({ protocol: 'standards-explorer', version: 1, type: 'alignText', text: 'x'.repeat(100_001) });
  await send({ protocol: 'standards-explorer', version: 1, type: 'alignText', text: taskFor('1.MD.B.3') });
  const panel = picker.getByRole('region', { name: 'Find standards for a text' });
  await expect(panel.getByLabel('Paste a problem, an activity or a lesson')).toHaveValue(taskFor('1.MD.B.3'));
  const first = panel
    .getByRole('list', { name: /^Standards for the text/ })
    .locator(':scope > li')
    .first();
  await expect(first.locator('bdi')).toHaveText('1.MD.B.3');
  await first.getByRole('button', { name: 'Select 1.MD.B.3' }).click();
  await expect(first.getByRole('button', { name: 'Selected 1.MD.B.3' })).toHaveAttribute('aria-pressed', 'true');
  await expect(picker.getByRole('region', { name: 'Selected standards' })).toContainText('1.MD.B.3');
  const axe = await new AxeBuilder({ page }).include('#picker').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // By keyboard, as a keyboard user does: a pointer click at coordinates read while the host
  // page scrolled the frame into view was lost once under load.
  await picker.getByRole('button', { name: 'Use 1 standard' }).press('Enter');
  await expect
    .poll(async () => (await received()).find((m) => m.type === 'done')?.items?.map((i) => i.statementCode))
    .toEqual(['1.MD.B.3']);
  expect(await picker.locator('body').evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
