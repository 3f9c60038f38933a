/**
 * Hostile records in the data (served by the second e2e server over
 * e2e/fixtures/hostile-export): they must neither break the layout nor mislead.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { HOSTILE_BASE, expect, test } from './fixtures';

const HOSTILE_FRAMEWORK = '22222222-2222-4222-a222-222222222222';
const item = (n: number) => `${HOSTILE_BASE}/items/44444444-4444-4444-a444-00000000000${n}`;

/** Whether `first` is drawn left of `second` inside the element (word order kept, not reversed). */
const drawnInOrder = (el: Locator, first: string, second: string) =>
  el.evaluate(
    (node, [a, b]) => {
      const left = (word: string) => {
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        for (let t = walker.nextNode(); t; t = walker.nextNode()) {
          const at = t.textContent!.indexOf(word);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(t, at);
          range.setEnd(t, at + word.length);
          return range.getBoundingClientRect().left;
        }
        throw new Error(`${word} not found`);
      };
      return left(a!) < left(b!);
    },
    [first, second],
  );

/** A tree row shows at most three lines of text (24 px each) within its padding. */
const THREE_LINES = 3 * 24 + 20 + 4;

test('TeX size commands cannot blow up the page or a row', async ({ page }) => {
  await page.goto(item(4));
  const detail = page.getByRole('region', { name: 'Standard details' });
  await expect(detail.locator('.katex').first()).toBeVisible();
  const size = await page.evaluate(() => ({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight }));
  expect(size.h).toBeLessThan(3000);
  expect(size.w).toBeLessThan(2000);

  await page.goto(`${HOSTILE_BASE}/frameworks/${HOSTILE_FRAMEWORK}`);
  const row = page.getByRole('treeitem', { name: /^HX\.5 / });
  // A row's math is typeset once the row is on screen and the page still (plain text before).
  await row.scrollIntoViewIfNeeded();
  await expect(row.locator('.katex').first()).toBeVisible();
  expect((await row.boundingBox())!.height).toBeLessThanOrEqual(THREE_LINES);
});

test('a right-to-left override in a code reverses nothing beside it', async ({ page }) => {
  await page.goto(`${HOSTILE_BASE}/frameworks/${HOSTILE_FRAMEWORK}`);
  const row = page.getByRole('treeitem', { name: /^HX\.6/ });
  await expect(row).toBeVisible();
  expect(await drawnInOrder(row, 'Bidi', 'attack')).toBe(true);

  await page.getByRole('searchbox').fill('bidi attack');
  const result = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').filter({ hasText: 'Bidi attack' });
  await expect(result).toContainText('HX.6');
  expect(await drawnInOrder(result, 'Bidi', 'attack')).toBe(true);
  await result.getByRole('button', { name: /Add to set/ }).click();

  await page.goto(`${HOSTILE_BASE}/sets`);
  const entry = page
    .getByRole('group', { name: /^Standards in / })
    .getByRole('listitem')
    .first();
  expect(await drawnInOrder(entry, 'Bidi', 'attack')).toBe(true);
});

test('a 100 KB description with thousands of formulas costs a row or a search result only its first line', async ({ page }) => {
  await page.goto(`${HOSTILE_BASE}/frameworks/${HOSTILE_FRAMEWORK}`);
  const row = page.getByRole('treeitem', { name: /^HX\.7 / });
  await row.scrollIntoViewIfNeeded();
  await expect(row.locator('.katex').first()).toBeVisible();
  expect(await row.locator('.katex').count()).toBeLessThan(20);
  expect((await row.getAttribute('aria-label'))!.length).toBeLessThan(400);

  await page.getByRole('searchbox').fill('long formula text');
  const result = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').filter({ hasText: 'HX.7' });
  await expect(result.locator('.katex').first()).toBeVisible();
  expect(await result.locator('.katex').count()).toBeLessThan(25);
});

test('its details typeset what is near the screen, stay usable meanwhile, and follow the reader to the end', async ({ page }) => {
  await page.goto(item(6));
  const detail = page.getByRole('region', { name: 'Standard details' });
  await expect(detail.locator('.katex').first()).toBeVisible();
  const typeset = () => detail.evaluate((el) => el.querySelectorAll('.katex').length);
  // The whole text is there as written at once; only what is near the screen is typeset.
  expect(await detail.evaluate((el) => el.textContent!.includes('step 4449 gives $'))).toBe(true);
  expect(await typeset()).toBeLessThan(1000);
  // Meanwhile the page answers: the details' own buttons work.
  await detail.getByRole('button', { name: 'Add to set' }).click();
  await expect(detail.getByRole('button', { name: /In set/ })).toHaveAttribute('aria-pressed', 'true');
  // Read on to the end: the last formula is typeset there, and what is far behind went back to text.
  const last = detail.locator('[data-piece]').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last.locator('.katex').last()).toBeVisible();
  expect(await last.evaluate((el) => el.textContent!.includes('$'))).toBe(false);
  expect(await typeset()).toBeLessThan(1000);
  await expect(detail.locator('[data-piece]').first().locator('.katex')).toHaveCount(0);
});

test('hostile TeX in a long text, typeset straight by KaTeX, is as inert and as small as in a short one', async ({ page }) => {
  // HX.11 (e2e/fixtures/write-hostile-export.ts): 104 formulas, typeset in pieces.
  await page.goto(`${HOSTILE_BASE}/items/44444444-4444-4444-a444-000000000011`);
  const pieces = page.getByRole('region', { name: 'Standard details' }).locator('[data-piece]');
  await expect(pieces.first().locator('.katex').first()).toBeVisible();
  // What KaTeX cannot read shows as its raw TeX.
  await expect(pieces.locator('.katex-error', { hasText: '\\frac{1}{' }).first()).toBeVisible();
  await expect(pieces.locator('.katex-error', { hasText: '\\def\\a{\\a\\a}\\a' }).first()).toBeVisible();
  // No link, image, class, id, data or style the TeX asked for.
  await expect(pieces.locator('a, img, [href], [src], .hostile-class, #hostile-id, [data-hostile]')).toHaveCount(0);
  expect(await pieces.evaluateAll((els) => els.some((e) => !!e.querySelector('[style*="fixed"]')))).toBe(false);
  await pieces.locator('span').evaluateAll((els) => els.forEach((e) => (e as HTMLElement).click()));
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  const size = await page.evaluate(() => ({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight }));
  expect(size.w).toBeLessThan(2000);
  expect(size.h).toBeLessThan(6000);
  // Typeset as the Markdown renderer typesets a short text: HX.5 holds the same size attack.
  const rule = (el: Element) => [...el.querySelectorAll('.katex')].find((k) => k.textContent!.includes('100000em'))?.outerHTML;
  const long = await pieces.first().evaluate(rule);
  await page.goto(item(4));
  const shortDetail = page.getByRole('region', { name: 'Standard details' });
  // Its math is typeset once on screen and still: read it once it is there, not at the page's load.
  await expect(shortDetail.locator('.katex', { hasText: '100000em' }).first()).toBeAttached();
  const short = await shortDetail.evaluate(rule);
  expect(long).toBeTruthy();
  expect(long).toBe(short);
});

test('its print view typesets every formula', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${HOSTILE_BASE}/print?branch=44444444-4444-4444-a444-000000000006`);
  // Counted in the page: a locator over thousands of elements would slow what it waits for.
  await page.waitForFunction(() => document.querySelectorAll('main .katex').length === 4450, null, { timeout: 60_000, polling: 500 });
  expect(await page.locator('main').evaluate((el) => el.textContent!.includes('$'))).toBe(false);
});

// HX.8 has 5,000 children (generated by e2e/fixtures/write-hostile-export.ts): five pages of the API.
const WIDE = '44444444-4444-4444-a444-000000000008';

test('a branch of 5,000 children exports whole from a fresh profile', async ({ page }) => {
  await page.goto(item(8));
  const detail = page.getByRole('region', { name: 'Standard details' });
  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Export CSV' }).click();
  const text = readFileSync(await (await download).path(), 'utf8');
  const rows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data.filter((r) => r[3]?.startsWith('HX.8'));
  expect(rows).toHaveLength(5001);
  expect(new Set(rows.map((r) => r[3])).size).toBe(5001);
  expect(rows.slice(0, 3).map((r) => r[3])).toEqual(['HX.8', 'HX.8.1', 'HX.8.2']);
  expect(rows.at(-1)![3]).toBe('HX.8.5000');
});

test('a branch of 5,000 children prints whole from a fresh profile', async ({ page }) => {
  await page.goto(`${HOSTILE_BASE}/print?branch=${WIDE}`);
  const main = page.getByRole('main');
  await expect(main.locator('article').last()).toContainText('HX.8.5000');
  expect(await main.evaluate((el) => el.querySelectorAll('article').length)).toBe(5001);
});

test('the HTML real descriptions carry renders readably: lists, emphasis, entities, sub/superscripts, and stays inert', async ({
  page,
}) => {
  await page.goto(`${HOSTILE_BASE}/items/44444444-4444-4444-a444-000000000009`);
  const text = page.getByRole('region', { name: 'Standard details' }).locator('[lang]').first();
  await expect(text.getByRole('listitem')).toHaveCount(3);
  await expect(text.getByRole('listitem').first()).toHaveText('counting on;');
  await expect(text.locator('b').filter({ hasText: 'place value' })).toBeVisible();
  await expect(text.locator('sup')).toHaveText('2');
  await expect(text.locator('sub')).toHaveText('2');
  await expect(text.locator('.katex')).toHaveCount(1); // math inside a list item still typesets
  await expect(text).toContainText('8 + 6 = 8 + 2 + 4');
  await expect(text).toContainText('understanding & properties');
  await expect(text).not.toContainText('&nbsp;');
  await expect(text).not.toContainText('<ul>');
  // No attribute from the data survives: no handlers, styles, links or sources.
  const risky = await text.evaluate((el) =>
    [...el.querySelectorAll('*')]
      .filter((e) => !e.closest('.katex') && e.getAttributeNames().some((n) => n.startsWith('on') || ['style', 'href', 'src'].includes(n)))
      .map((e) => e.outerHTML.slice(0, 60)),
  );
  expect(risky).toEqual([]);
  await text.locator('b').first().click();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // In the outline it is clean running text, at most three lines.
  await page.goto(`${HOSTILE_BASE}/frameworks/${HOSTILE_FRAMEWORK}`);
  const row = page.getByRole('treeitem', { name: /^HX\.9 / });
  await expect(row).toContainText('counting on');
  await expect(row.locator('li, ul, p')).toHaveCount(0);
  expect((await row.boundingBox())!.height).toBeLessThanOrEqual(THREE_LINES);
  // And so is it as a search result, with the searched word marked.
  await page.getByRole('searchbox').fill('counting strategies');
  const result = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').filter({ hasText: 'HX.9' });
  await expect(result).toContainText('counting on; making ten');
  await expect(result).not.toContainText('<li>');
  await expect(result.locator('mark').first()).toBeVisible();
});

test('MathML in a description renders as math; attributes, annotations and unknown elements do not come through', async ({ page }) => {
  await page.goto(`${HOSTILE_BASE}/items/44444444-4444-4444-a444-000000000010`);
  const text = page.getByRole('region', { name: 'Standard details' }).locator('[lang]').first();
  await expect(text.locator('math')).toHaveCount(2);
  await expect(text.locator('math mfrac')).toHaveCount(1);
  await expect(text.locator('math msup')).toHaveCount(1);
  await expect(text.locator('annotation-xml, img, maction, [href]')).toHaveCount(0);
  await expect(text).toContainText('as area.');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  const box = await text.locator('math mfrac').boundingBox();
  expect(box!.height).toBeGreaterThan(box!.width * 0.8); // drawn as a fraction, one number above the other
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
