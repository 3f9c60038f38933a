/**
 * The picker inside an LMS dialog on a phone, on the real data in real Chromium: Moodle's
 * "Select content" at 390 × 844 leaves the frame about 250 px. Below 400 px of height the
 * results get the room, everything else is behind one Options button, and Use stays in view.
 * The LTI deep-linking flow opens this same page (`/embed?mode=multiple&lti=…`, after the
 * framework is chosen), with no chrome of its own around it.
 */
import type { Page } from '@playwright/test';
import { CA_MATH, expect, test } from './fixtures';

const SHORT_FRAMES = [
  { width: 390, height: 250, colorScheme: 'light' },
  { width: 320, height: 250, colorScheme: 'dark' },
] as const;
const FRAMEWORK = 'California Common Core State Standards - Mathematics';
const PICKER = `/embed?framework=${CA_MATH}&mode=multiple&grades=4`;
/** A standard's row (a code like 4.G.A.1, not a grouping's 4.G.A). */
const STANDARD_ROW = /^\d+\.[A-Z]+\.[A-Z]\.\d+ /;

const tree = (page: Page) => page.getByRole('tree', { name: 'Standards' });
const optionsButton = (page: Page) => page.getByRole('button', { name: /^Options/ });
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** How much of the frame's height shows results: from the tree's top (or the frame's) to the top of the Use bar. */
async function resultsRoom(page: Page) {
  const results = (await tree(page).boundingBox())!;
  const bar = (await page.getByRole('button', { name: 'Cancel' }).locator('..').boundingBox())!;
  return Math.min(bar.y, page.viewportSize()!.height) - Math.max(results.y, 0);
}

for (const frame of SHORT_FRAMES) {
  test.describe(`in a ${frame.width} × ${frame.height} frame (${frame.colorScheme})`, () => {
    test.use({ viewport: { width: frame.width, height: frame.height }, colorScheme: frame.colorScheme });

    test('the results get the room and Use stays in view while standards are ticked and the results scroll', async ({
      page,
      expectNoSeriousA11yViolations,
    }) => {
      await page.goto(PICKER);
      await expect(tree(page).getByRole('treeitem', { name: STANDARD_ROW }).first()).toBeVisible();
      expect(await resultsRoom(page)).toBeGreaterThanOrEqual(150);
      // Behind the one button: the name (read by screen readers as the heading), the order, the filters, the text finder.
      await expect(optionsButton(page)).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('group', { name: 'Grade' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Find standards for a text' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Collapse all' })).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(FRAMEWORK);
      expect((await page.getByRole('heading', { level: 1 }).boundingBox())!.height).toBeLessThanOrEqual(1);
      await expect(page.getByRole('searchbox')).toBeInViewport();
      expect(await scrollsSideways(page)).toBe(false);
      await expectNoSeriousA11yViolations();

      await tree(page).getByRole('treeitem', { name: STANDARD_ROW }).first().click();
      const use = page.getByRole('button', { name: 'Use 1 standard' });
      await expect(use).toBeInViewport({ ratio: 1 });
      for (const at of [0.5, 1]) {
        await page.evaluate((share) => window.scrollTo(0, document.documentElement.scrollHeight * share), at);
        await expect(use).toBeInViewport({ ratio: 1 });
      }
      // At the very end the attribution shows above the bar, not under it.
      await expect(page.getByText(/California Department of Education/)).toBeInViewport();
      await expect(page.getByRole('region', { name: 'Selected standards' })).toContainText('Selected: 1 standard');
      expect(await scrollsSideways(page)).toBe(false);
    });

    test('one Options button opens the name, the order, the filters and the text finder, by keyboard too', async ({
      page,
      expectNoSeriousA11yViolations,
    }) => {
      await page.goto(PICKER);
      await expect(tree(page).getByRole('treeitem').first()).toBeVisible();
      const options = optionsButton(page);
      // The grade the host chose is never silent, even folded away.
      await expect(options).toHaveAccessibleName('Options 1 filter in use');
      await options.focus();
      await page.keyboard.press('Enter');
      await expect(options).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator('p', { hasText: FRAMEWORK })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Collapse all' })).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('radio', { name: 'Best match' })).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('radio', { name: 'Outline order' })).toBeChecked();

      const grade5 = page.getByRole('group', { name: 'Grade' }).getByRole('button', { name: '5', exact: true });
      await grade5.focus();
      await page.keyboard.press('Space');
      await expect(grade5).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/grades=4(%2C|,)5/);
      await expect(options).toHaveAccessibleName('Options 2 filters in use');
      const finder = page.getByRole('button', { name: 'Find standards for a text' });
      await finder.focus();
      await page.keyboard.press('Enter');
      await expect(finder).toHaveAttribute('aria-expanded', 'true');
      const text = page.getByLabel('Paste a problem, an activity or a lesson');
      await expect(text).toBeVisible();
      expect(await scrollsSideways(page)).toBe(false);
      await expectNoSeriousA11yViolations();

      // Folded again, the text finder the teacher opened stays; the filters go.
      await options.focus();
      await page.keyboard.press('Enter');
      await expect(options).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('group', { name: 'Grade' })).toBeHidden();
      await expect(text).toBeVisible();

      // The order chosen behind Options holds for the search; no order buttons stand under the box.
      await page.getByRole('searchbox').fill('fractions');
      await expect(page.getByRole('status').filter({ hasText: /results/ })).toContainText('in outline order');
      await expect(page.getByRole('radio', { name: 'Best match' })).toHaveCount(0);
      await page.getByRole('list', { name: 'Search results' }).getByRole('button').first().click();
      await expect(page.getByRole('button', { name: 'Use 1 standard' })).toBeInViewport({ ratio: 1 });
      expect(await scrollsSideways(page)).toBe(false);
    });
  });
}

test.describe('in a frame of ordinary height', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('everything stands above the results as before, with no Options button', async ({ page }) => {
    await page.goto(PICKER);
    await expect(tree(page).getByRole('treeitem').first()).toBeVisible();
    await expect(optionsButton(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: FRAMEWORK })).toBeVisible();
    expect((await page.getByRole('heading', { level: 1 }).boundingBox())!.height).toBeGreaterThan(16);
    await expect(page.getByRole('group', { name: 'Grade' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Find standards for a text' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('California Department of Education');
  });
});
