/**
 * Phone first, on the real data in real Chromium at 390 × 844 (light) and 320 × 640 (dark):
 * the standards in the first screen, one scroll (nothing but the page scrolls up and down,
 * dialogs aside), whole texts on the rows, details in reading order, a compare page of a
 * few screens, and targets a thumb can hit.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { CA_MATH, CC_MATH, expect, expectAxeClean, rowInTree, test } from './fixtures';

const PHONES = [
  { width: 390, height: 844, colorScheme: 'light' },
  { width: 320, height: 640, colorScheme: 'dark' },
] as const;

type Summary = { caseIdentifierUUID: string; statementCode: string; jurisdiction: string; jaccard: number; description: string };
const api = async <T = Summary>(request: APIRequestContext, path: string): Promise<T[]> => {
  const body = await (await request.get(`/api/v0${path}`)).json();
  return Array.isArray(body) ? body : body.data;
};
const byCode = async (request: APIRequestContext, code: string, jurisdiction: string) =>
  (await api(request, `/academic-standards/search?statementCode=${encodeURIComponent(code)}&jurisdiction=${jurisdiction}`))[0]!;

/** Every element but the page whose computed style lets it scroll up and down (dialogs may). */
const innerScrollers = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => /(auto|scroll)/.test(getComputedStyle(el).overflowY) && !el.closest('dialog'))
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class')).slice(0, 60)}`),
  );

/**
 * Interactive elements in view smaller than 24 × 24 CSS px (WCAG 2.2, 2.5.8). Links inside a
 * sentence are exempt, as the criterion says; a checkbox counts its label's box.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=treeitem], [data-target]';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        if (el.closest('.sr-only') || el.closest('[hidden]')) return false;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none') return false;
        const inSentence =
          style.display === 'inline' && (el.parentElement?.textContent?.trim().length ?? 0) > (el.textContent?.trim().length ?? 0);
        if (inSentence) return false;
        const box = (el instanceof HTMLInputElement && el.closest('label') ? el.closest('label')! : el).getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return false;
        return box.width < 23.5 || box.height < 23.5;
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`);
  });

/** How many characters of an element's text (spaces too) are painted inside the window, not below its bottom edge. */
const charactersInView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    let count = 0;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.textContent!.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.height > 0 && rect.top >= 0 && rect.bottom <= window.innerHeight) count++;
      }
    }
    return count;
  });

async function look(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

const tree = (page: Page) => page.getByRole('tree', { name: 'Standards' });
/** A standard's row (a code like 4.G.A.1, not a grouping's 4.G.A). */
const STANDARD_ROW = /^\d+\.[A-Z]+\.[A-Z]\.\d+ /;

for (const phone of PHONES) {
  test.describe(`on a ${phone.width} × ${phone.height} phone (${phone.colorScheme})`, () => {
    test.use({ viewport: { width: phone.width, height: phone.height }, colorScheme: phone.colorScheme });

    test('a framework with a grade shows its first standard at once, scrolls as one page to its last, and keeps the bar in reach', async ({
      page,
    }, testInfo) => {
      await page.goto(`/frameworks/${CC_MATH}?grades=4`);
      const first = tree(page).getByRole('treeitem', { name: STANDARD_ROW }).first();
      await expect(first).toBeVisible();
      await expect(first).toHaveAttribute('aria-label', /^4\.G\.A\.1 /);
      await first.evaluate((el) => el.setAttribute('data-first-standard', ''));
      // The code and at least 60 characters of its text, without a scroll.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const inView = await charactersInView(page, '[data-first-standard]');
      testInfo.annotations.push({ type: 'first standard', description: `${inView - '4.G.A.1'.length} characters of its text in view` });
      expect(inView - '4.G.A.1'.length).toBeGreaterThanOrEqual(60);
      await look(page, testInfo, 'first screen');
      expect(await innerScrollers(page)).toEqual([]);
      expect(await smallTargets(page)).toEqual([]);
      await expectAxeClean(page);

      // The last standard of the grade, by scrolling the page alone.
      let last = '';
      for (let i = 0; i < 100; i++) {
        const atBottom = await page.evaluate(() => {
          window.scrollBy(0, window.innerHeight * 0.8);
          return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        });
        await page.waitForTimeout(30);
        if (atBottom) break;
      }
      await page.waitForTimeout(300);
      last = (await tree(page).getByRole('treeitem').last().getAttribute('aria-label')) ?? '';
      expect(last).toMatch(/^MP8 /);
      await expect(tree(page).getByRole('treeitem').last()).toBeInViewport();
      // The bar (search, chips, Filters) is still in reach at the bottom.
      await expect(page.getByRole('searchbox')).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Remove the filter Grade 4' })).toBeInViewport();
      await expect(page.getByRole('button', { name: /^Filters/ })).toBeInViewport();
      await look(page, testInfo, 'the end of grade 4');
      expect(await innerScrollers(page)).toEqual([]);
    });

    test('the Filters sheet holds the other choices, keeps them in the address, and closes with Done or Escape', async ({
      page,
    }, testInfo) => {
      await page.goto(`/frameworks/${CC_MATH}?grades=4`);
      await expect(tree(page).getByRole('treeitem').first()).toBeVisible();
      // The wide screen's controls are not on the page: they are in the sheet.
      await expect(page.getByRole('group', { name: 'Grade' })).toHaveCount(0);
      await page.getByRole('button', { name: /^Filters/ }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters and tools' });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole('button', { name: 'Make available offline' })).toBeVisible();
      await expect(sheet.getByRole('button', { name: 'Find standards for a text' })).toBeVisible();
      await look(page, testInfo, 'the Filters sheet');
      expect(await smallTargets(page)).toEqual([]);
      await expectAxeClean(page);
      await sheet.getByRole('group', { name: 'Grade' }).getByRole('button', { name: '5', exact: true }).click();
      await expect(page).toHaveURL(/grades=4(%2C|,)5/);
      await sheet.getByRole('button', { name: 'List' }).click();
      await expect(page).toHaveURL(/view=list/);
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      // The chips say what is chosen; the button counts the choices the chips do not show.
      await expect(page.getByRole('button', { name: 'Remove the filter Grade 5' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('1');
      await page.getByRole('button', { name: 'Remove the filter Grade 4' }).click();
      await expect(page).toHaveURL(/grades=5(&|$)/);
      // Reloaded from the address, the choices are the same.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Remove the filter Grade 5' })).toBeVisible();
      await expect(page.getByText(/items/).first()).toBeVisible();
      await page.getByRole('button', { name: /^Filters/ }).click();
      await expect(sheet.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
      await sheet.getByRole('button', { name: 'Done' }).click();
      await expect(sheet).toBeHidden();
    });

    test('rows show a standard whole; only a very long one is clamped, and opens on the row itself', async ({ page }) => {
      await page.goto(`/frameworks/${CC_MATH}?grades=6`);
      const longest = await byCode(page.request, '6.NS.A.1', 'Multi-State');
      // Its last sentence, in plain words (its fractions are typeset).
      const ending = 'How wide is a rectangular strip of land';
      expect(longest.description).toContain(ending);
      const shorter = await byCode(page.request, '6.NS.B.2', 'Multi-State');
      const row = await rowInTree(page, /^6\.NS\.A\.1 /);
      await row.scrollIntoViewIfNeeded();
      // 846 characters: clamped to ten lines, with the way to the rest on the row.
      const more = row.locator('[data-target=more]');
      await expect(more).toBeVisible();
      // Whether the last sentence is painted inside the row's text box, or cut off by the clamp.
      const clamped = () =>
        row.locator('[data-row-text]').evaluate((box, words) => {
          const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.textContent!.indexOf(words);
            if (at < 0) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + words.length);
            return range.getBoundingClientRect().bottom > box.getBoundingClientRect().bottom + 1;
          }
          return true; // not rendered at all
        }, ending);
      expect(await clamped()).toBe(true);
      const before = (await row.boundingBox())!.height;
      await more.click();
      await expect.poll(clamped).toBe(false);
      await expect(row).toContainText(ending);
      await expect(more).toHaveCount(0);
      expect((await row.boundingBox())!.height).toBeGreaterThan(before);
      // Tapping "Show all of it" reads the row; it does not open the details.
      await expect(page).not.toHaveURL(/item=/);
      // A standard of ordinary length is whole, with nothing to open.
      const next = tree(page).getByRole('treeitem', { name: /^6\.NS\.B\.2 / });
      await expect(next).toContainText(shorter.description.trim().split(/\s+/).slice(-3).join(' '));
      await expect(next.locator('[data-target=more]')).toHaveCount(0);
    });

    test('details read the text, then the skills within a screen, then the connections as one line that opens', async ({
      page,
      request,
    }, testInfo) => {
      const ca = await byCode(request, '4.NF.A.1', 'California');
      const before = await api(request, `/academic-standards/${ca.caseIdentifierUUID}/prerequisites`);
      const after = await api(request, `/academic-standards/${ca.caseIdentifierUUID}/builds-towards`);
      const derived = (await (await request.get(`/api/v0/academic-standards/${ca.caseIdentifierUUID}/derived-connections`)).json()) as {
        buildsOn: unknown[];
        leadsTo: unknown[];
      };
      const crosswalk = await api(request, `/academic-standards/${ca.caseIdentifierUUID}/crosswalks`);
      expect(crosswalk[0]!.jaccard).toBe(1);
      const buildsOn = before.length || derived.buildsOn.length;
      const leadsTo = after.length || derived.leadsTo.length;
      expect(buildsOn + leadsTo).toBeGreaterThan(0);

      await page.goto(`/frameworks/${CA_MATH}?item=${ca.caseIdentifierUUID}`);
      const details = page.getByRole('region', { name: 'Standard details' });
      const text = details
        .locator('p, div')
        .filter({ hasText: /^Explain why a fraction/ })
        .first();
      await expect(text).toBeVisible();
      const skills = details.getByRole('region', { name: /^Skills/ });
      await expect(skills.getByRole('listitem').first()).toBeVisible();
      const textBox = (await text.boundingBox())!;
      const skillsBox = (await skills.getByRole('listitem').first().boundingBox())!;
      expect(skillsBox.y - (textBox.y + textBox.height)).toBeLessThan(phone.height);
      // Skills before connections; the connections one line of counts, closed.
      const connections = details.getByRole('region', { name: 'Connections' });
      expect((await connections.boundingBox())!.y).toBeGreaterThan(skillsBox.y);
      const summary = connections.getByRole('button', { name: /Builds on|Leads to/ });
      await expect(summary).toHaveText(
        [buildsOn && `Builds on ${buildsOn}`, leadsTo && `Leads to ${leadsTo}`, 'Common Core identical'].filter(Boolean).join(' · '),
      );
      await expect(summary).toHaveAttribute('aria-expanded', 'false');
      await expect(connections.getByRole('list', { name: 'Aligned Common Core standards' })).toBeHidden();
      await summary.click();
      await expect(summary).toHaveAttribute('aria-expanded', 'true');
      await expect(connections.getByRole('list', { name: 'Aligned Common Core standards' })).toBeVisible();
      await look(page, testInfo, 'details');
      expect(await innerScrollers(page)).toEqual([]);
      expect(await smallTargets(page)).toEqual([]);
      await expectAxeClean(page);
    });

    test('compare fits a few screens: differences first, a pair worded the same as its code and its match', async ({ page }, testInfo) => {
      await page.goto(`/compare?framework=${CA_MATH}&with=${CC_MATH}&grade=4`);
      const table = page.getByRole('table', { name: /compared with/ });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      const rows = table.getByRole('row');
      const texts = await rows.allTextContents();
      const firstSame = texts.findIndex((t) => t.includes('Same wording'));
      const lastDiffer = texts.findLastIndex((t) => t.includes('Wording differs') || t.includes('No Common Core match'));
      expect(firstSame).toBeGreaterThan(0);
      expect(lastDiffer).toBeLessThan(firstSame);
      // A pair worded the same is its code and one line naming its match (two at 320 px, wrapped
      // between whole parts); it opens to show the text.
      const same = rows.nth(firstSame);
      await expect(same).toContainText(/ · Identical skills · Same wording/);
      const closedHeight = (await same.boundingBox())!.height;
      expect(closedHeight).toBeLessThanOrEqual(phone.width === 390 ? 56 : 72);
      await same.getByRole('button').click();
      await expect(same.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
      expect((await same.boundingBox())!.height).toBeGreaterThan(closedHeight + 16);
      await same.getByRole('button').click();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      testInfo.annotations.push({ type: 'compare height', description: `${height} px, ${(height / phone.height).toFixed(1)} screens` });
      if (phone.width === 390) expect(height).toBeLessThanOrEqual(6 * phone.height);
      await look(page, testInfo, 'compare');
      expect(await innerScrollers(page)).toEqual([]);
      expect(await smallTargets(page)).toEqual([]);
      await expectAxeClean(page);
    });

    test('the progression, sets, a skill and the embedded picker scroll as one page, with targets a thumb can hit', async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(90_000);
      const cc = await byCode(request, '4.NF.A.1', 'Multi-State');
      const skill = (
        await api<{ identifier: string }>(
          request,
          `/academic-standards/${(await byCode(request, '4.NF.A.1', 'California')).caseIdentifierUUID}/learning-components`,
        )
      )[0]!;
      for (const [name, url, ready] of [
        ['progression', `/progressions/${cc.caseIdentifierUUID}`, () => page.getByRole('region', { name: 'Progression diagram' })],
        ['skill', `/skills/${skill.identifier}`, () => page.getByRole('heading', { level: 1 })],
        ['embed', `/embed?framework=${CA_MATH}&mode=multiple&grades=3`, () => tree(page).getByRole('treeitem').first()],
      ] as const) {
        await page.goto(url);
        await expect(ready()).toBeVisible();
        await page.waitForTimeout(500);
        await look(page, testInfo, name);
        expect(await innerScrollers(page), name).toEqual([]);
        expect(await smallTargets(page), name).toEqual([]);
        await expectAxeClean(page);
      }
      // In the picker, the choice stays in view at the bottom while the rows scroll by.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.getByRole('button', { name: /^Use/ })).toBeInViewport();

      // A set with standards in it, as a designer keeps one.
      await page.goto(`/frameworks/${CA_MATH}?grades=3`);
      const row = await rowInTree(page, /^3\.NF\.A\.1 /);
      await row.scrollIntoViewIfNeeded();
      await row.locator('[data-target=tick]').click();
      await page.goto('/sets');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('3.NF.A.1').first()).toBeVisible();
      await look(page, testInfo, 'sets');
      expect(await innerScrollers(page), 'sets').toEqual([]);
      expect(await smallTargets(page), 'sets').toEqual([]);
      await expectAxeClean(page);
    });
  });
}
