/**
 * The bench's scroll, in real Chromium: a page is scrolled flick by flick to its end, even
 * when its last line is in it from the start (as a bare list's is), and a list that grows as
 * it scrolls is followed until its last rows have come.
 */
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser';
import { scrollToText } from './main-thread';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 390, height: 844 } });
}, 60_000);
afterAll(() => browser?.close());

const lines = (n: number) => Array.from({ length: n }, (_, i) => `<p style="height:40px;margin:0">Row ${i}</p>`).join('');

describe('scrollToText', () => {
  it('scrolls a page holding its last line from the start to its end, a flick at a time', async () => {
    await page.setContent(`<body style="margin:0">${lines(500)}<p style="height:40px;margin:0">The end</p></body>`);
    const flicks = await scrollToText(page, 'The end');
    // 501 lines of 40 px, 844 px on screen, 600 px a flick.
    expect(flicks).toBe(Math.ceil((501 * 40 - 844) / 600));
    const { top, max } = await page.evaluate(() => ({
      top: document.scrollingElement!.scrollTop,
      max: document.scrollingElement!.scrollHeight - innerHeight,
    }));
    expect(top).toBe(max);
  });

  it('follows a list that loads more as its end comes near, until its end text has come', async () => {
    await page.setContent(`<body style="margin:0"><div id="list">${lines(40)}</div><p id="foot">Loading more…</p></body>`);
    await page.evaluate(() => {
      let pages = 1;
      addEventListener('scroll', () => {
        const root = document.scrollingElement!;
        if (root.scrollTop + innerHeight < root.scrollHeight - 200 || pages === 5) return;
        pages++;
        setTimeout(() => {
          document.getElementById('list')!.insertAdjacentHTML('beforeend', '<p style="height:40px;margin:0">Row</p>'.repeat(40));
          if (pages === 5) document.getElementById('foot')!.textContent = 'End of list';
        }, 30);
      });
    });
    const flicks = await scrollToText(page, 'End of list');
    expect(flicks).toBeGreaterThanOrEqual(Math.ceil((200 * 40 - 844) / 600));
    expect(await page.locator('#list p').count()).toBe(200);
  });
});
