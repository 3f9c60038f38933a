/**
 * Browser figures with Playwright on the built app and the local API (real data).
 */
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serviceWorkerActivated } from '../e2e/chromium';
import { figure, median, RUNS, type Figure } from './report';
import { watchMainThread } from './main-thread';

const CA = 'c6487102-d7cb-11e8-824f-0242ac160002';

/** tsx keeps function names with a `__name` helper that does not exist in the page. */
export async function newContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f)');
  return context;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Bytes of script the page received (as sent: Brotli from the local server) until its first rows. */
async function initialJsKb(browser: Browser, url: string): Promise<number> {
  const page = await browser.newPage();
  await page.goto(url);
  await page.getByRole('treeitem').first().waitFor();
  const bytes = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/[^/]+\.js$/.test(new URL(e.name).pathname))
      .reduce((n, e) => n + (e as PerformanceResourceTiming).encodedBodySize, 0),
  );
  await page.close();
  return bytes / 1024;
}

const firstRows = async (page: Page, url: string) => {
  const t = performance.now();
  await page.goto(url);
  await page.getByRole('treeitem').first().waitFor();
  return performance.now() - t;
};

/** Click → first child row in the DOM, timed inside the page (no Playwright round trips). */
async function clickToChildren(page: Page, parent: RegExp, child: string): Promise<number> {
  const row = page.getByRole('treeitem', { name: parent });
  await row.waitFor();
  const handle = await row.elementHandle();
  return page.evaluate(
    ([el, name]) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        const check = () => {
          if ([...document.querySelectorAll('[role=treeitem]')].some((e) => e.getAttribute('aria-label')?.startsWith(name as string)))
            resolve(performance.now() - start);
          else requestAnimationFrame(check);
        };
        (el as HTMLElement).click();
        check();
      }),
    [handle, child] as const,
  );
}

/**
 * A grade chosen on a closed outline → its first standard row in the DOM (the outline
 * opens itself level by level: content, grade, domains, clusters), timed inside the page.
 */
async function gradeToStandards(browser: Browser, base: string): Promise<number> {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    await firstRows(page, `${base}/frameworks/${CA}`);
    const button = await page.getByRole('group', { name: 'Grade' }).getByRole('button', { name: '4', exact: true }).elementHandle();
    return await page.evaluate(
      (el) =>
        new Promise<number>((resolve) => {
          const start = performance.now();
          const check = () => {
            if (document.querySelector('[role=treeitem][aria-level="5"]')) resolve(performance.now() - start);
            else requestAnimationFrame(check);
          };
          (el as HTMLElement).click();
          check();
        }),
      button,
    );
  } finally {
    await context.close();
  }
}

export async function browserFigures(base: string): Promise<Figure[]> {
  const browser = await launch();
  try {
    const browse = [];
    const embed = [];
    const cold = [];
    const warm = [];
    const offline = [];
    const uncached = [];
    const cached = [];
    const filtered = [];
    for (let i = 0; i < RUNS; i++) {
      filtered.push(await gradeToStandards(browser, base));
      browse.push(await initialJsKb(browser, `${base}/frameworks/${CA}`));
      embed.push(await initialJsKb(browser, `${base}/embed?framework=${CA}&mode=multiple`));
      console.log(`  run ${i + 1}/${RUNS}`);
      const context = await newContext(browser);
      const page = await context.newPage();
      cold.push(await firstRows(page, `${base}/frameworks/${CA}`));
      uncached.push(await clickToChildren(page, /^Standards for Math Content/, 'Grade 3'));
      await page.getByRole('treeitem', { name: /^Standards for Math Content/ }).click(); // selected now: this click collapses
      await page.getByRole('treeitem', { name: /^Grade 3/ }).waitFor({ state: 'detached' });
      cached.push(await clickToChildren(page, /^Standards for Math Content/, 'Grade 3'));
      // Two more branches opened for the first time, a level deeper each: one open per run
      // left a median of three at the mercy of one slow answer (77–233 ms in one run).
      uncached.push(await clickToChildren(page, /^Grade 3/, 'Number & Operations—Fractions'));
      uncached.push(await clickToChildren(page, /^Number & Operations—Fractions/, '3.NF.A'));
      console.log('    waiting for the service worker');
      await serviceWorkerActivated(page);
      await page.waitForTimeout(1200); // the persister writes at most once a second
      warm.push(await firstRows(page, `${base}/frameworks/${CA}`));
      await context.setOffline(true);
      offline.push(await firstRows(page, `${base}/frameworks/${CA}`));
      await context.close();
    }
    return [
      figure('browser: browse page initial JS (transferred)', browse, 'KB'),
      figure('browser: embed initial JS (transferred)', embed, 'KB'),
      figure('browser: first rows, cold', cold, 'ms'),
      figure('browser: first rows, warm (service worker + persisted cache)', warm, 'ms'),
      figure('browser: first rows, offline reload', offline, 'ms'),
      figure('browser: click → children visible, uncached', uncached, 'ms'),
      figure('browser: click → children visible, cached', cached, 'ms'),
      figure('browser: grade chosen → its standards in the outline, uncached', filtered, 'ms'),
      ...(await fullyExpanded(browser, base)),
    ];
  } finally {
    await browser.close();
  }
}

/** California Math with every node open: rows in the DOM and the longest task while scrolling to the end. */
export async function fullyExpanded(browser: Browser, base: string): Promise<Figure[]> {
  const rows: number[] = [];
  const longest: number[] = [];
  let retries = 2;
  for (let i = 0; i < RUNS; i++) {
    console.log(`  fully expanded, run ${i + 1}/${RUNS}`);
    const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Open everything: every parent of the framework, through the app's own session store.
    const parents: string[] = await (
      await fetch(`${base}/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CA}&limit=1000`)
    )
      .json()
      .then(async (p1) => {
        const all = [...p1.data];
        if (p1.pagination.hasMore)
          all.push(
            ...(
              await (
                await fetch(
                  `${base}/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CA}&limit=1000&cursor=${encodeURIComponent(p1.pagination.nextCursor)}`,
                )
              ).json()
            ).data,
          );
        return all.filter((x: { hasChildren: boolean }) => x.hasChildren).map((x: { caseIdentifierUUID: string }) => x.caseIdentifierUUID);
      });
    await page.addInitScript(([key, ids]) => sessionStorage.setItem(key as string, JSON.stringify(ids)), [
      `standards-explorer.expanded.${CA}`,
      parents,
    ] as const);
    await page.goto(`${base}/frameworks/${CA}`);
    await page.waitForFunction(
      () => document.querySelector('[role=tree]') && !document.querySelector('[role=treeitem][aria-busy=true]'),
      null,
      { timeout: 60_000 },
    );
    await page.waitForTimeout(500);
    const longestTask = await watchMainThread(page);
    const result = await page.evaluate(async () => {
      // The tree scrolls with the page (window virtualization).
      const box = document.scrollingElement as HTMLElement;
      let maxRows = 0;
      // A deadline, not a hang, if the list ever stops scrolling before its end.
      const deadline = performance.now() + 60_000;
      while (box.scrollTop + box.clientHeight < box.scrollHeight - 2 && performance.now() < deadline) {
        box.scrollBy(0, 300);
        // Two frames, or 100 ms: Chromium sometimes stops sending frames to a page, and a
        // loop waiting on them alone hung the bench (its deadline never checked).
        await new Promise((r) => {
          requestAnimationFrame(() => requestAnimationFrame(r));
          setTimeout(r, 100);
        });
        maxRows = Math.max(maxRows, document.querySelectorAll('[role=treeitem]').length);
      }
      await new Promise((r) => setTimeout(r, 100));
      const stuck = performance.now() >= deadline ? `stopped at ${box.scrollTop} + ${box.clientHeight} of ${box.scrollHeight}` : '';
      return { maxRows, total: box.scrollHeight / 44, stuck };
    });
    const longestWhileScrolling = await longestTask();
    if (result.stuck) {
      // Seen once in a full run (not reproduced alone): said, and run again, at most twice.
      await context.close();
      if (retries-- === 0) throw new Error(`the tree stopped scrolling before its end: ${result.stuck}`);
      console.log(`    the tree stopped scrolling before its end (${result.stuck}): running again`);
      i--;
      continue;
    }
    if (result.total < 1400) throw new Error(`expected the whole framework expanded, got ~${Math.round(result.total)} rows`);
    rows.push(result.maxRows);
    longest.push(longestWhileScrolling);
    await context.close();
  }
  return [
    figure('browser: treeitems in the DOM, California Math fully expanded', rows, 'rows'),
    figure('browser: longest task while scrolling to the end', longest, 'ms'),
  ];
}

const HOSTILE_FRAMEWORK = '22222222-2222-4222-a222-222222222222';

/**
 * Serves the long text with its `$` and `\` read as `S` and `/`: the app then shows it as
 * plain text (nothing to typeset, no pieces), in the same page, column and length.
 */
async function servePlain(context: BrowserContext) {
  await context.route('**/api/v0/**', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const plain = body.replace(/"Long formula text[^"]*"/, (text) => text.replaceAll('$', 'S').replaceAll('\\\\', '/'));
    await route.fulfill({ response, body: plain });
  });
}

/**
 * Click on HX.7's row → its text read to its end: the reader brings the next screen of the
 * text into view every frame, until the text's end is on screen (and typeset, unless the
 * text is plain). A screen a frame, as a quick reader flicks: at 400 px every 50 ms even
 * the plain text took 18 s to pass (its 130,000 px at 8,000 px/s), so no typesetting
 * could have been read to its end in 5 s. Returns the milliseconds and the longest task.
 */
async function readToTheEnd(page: Page, plain: boolean): Promise<{ ms: number; longestTask: number }> {
  const row = page.getByRole('treeitem', { name: /^HX\.7 / });
  // A row typesets its math once it is on screen and the page is still: bring it there first.
  await row.scrollIntoViewIfNeeded();
  await (plain ? row : row.locator('.katex').first()).waitFor();
  await page.waitForTimeout(500);
  const handle = await row.elementHandle();
  const longestTask = await watchMainThread(page);
  const ms = await page.evaluate(
    async ([el, plain]) => {
      const start = performance.now();
      (el as HTMLElement).click();
      const details = () => document.querySelector('[aria-label="Standard details"]');
      const findText = () => [...(details()?.querySelectorAll('[lang]') ?? [])].find((e) => e.textContent!.length > 100_000);
      let text = findText();
      while (!text) {
        await new Promise((r) => setTimeout(r, 20));
        text = findText();
      }
      const typeset = () => plain || !![...text.querySelectorAll('[data-piece]')].at(-1)?.querySelector('.katex');
      // Two ends: one rendering frame, or 100 ms (Chromium sometimes stops sending frames to a page).
      const frame = () => new Promise((r) => (requestAnimationFrame(r), setTimeout(r, 100)));
      for (;;) {
        const below = text.getBoundingClientRect().bottom - window.innerHeight;
        if (below <= 1 && typeset()) break;
        if (below > 1) window.scrollBy(0, Math.min(window.innerHeight, below));
        await frame();
        if (performance.now() - start > 120_000) throw new Error('the end of the text was not typeset after 2 minutes');
      }
      return performance.now() - start;
    },
    [handle, plain] as const,
  );
  return { ms, longestTask: await longestTask() };
}

/**
 * The hostile fixture's 190 KB description with 4,450 formulas: from the click on its row
 * until a quick reader has read to its end, typeset, and the longest task the page ran
 * meanwhile (what a click or a key press could have had to wait for); beside it, in the
 * same runs, the same reading over the same text served as plain text.
 */
export async function longTextFigures(base: string): Promise<Figure[]> {
  const browser = await launch();
  const longest: number[] = [];
  const total: number[] = [];
  const plain: number[] = [];
  const plainLongest: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      console.log(`  100 KB math-heavy item, run ${i + 1}/${RUNS}`);
      for (const asPlain of [false, true]) {
        // No service worker: the plain run's text must come from the API, through the route.
        const context = await newContext(browser, { viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
        if (asPlain) await servePlain(context);
        const page = await context.newPage();
        await page.goto(`${base}/frameworks/${HOSTILE_FRAMEWORK}`);
        const read = await readToTheEnd(page, asPlain);
        (asPlain ? plain : total).push(read.ms);
        (asPlain ? plainLongest : longest).push(read.longestTask);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return [
    figure('browser: longest task with a 100 KB math-heavy item in view', longest, 'ms'),
    figure('browser: 100 KB math-heavy item, click → read to its typeset end', total, 'ms'),
    figure(
      'browser: 100 KB math-heavy item, the same reading over plain text (reference)',
      plain,
      'ms',
      `its longest task ${Math.round(median(plainLongest))} ms (the whole text laid out at once)`,
    ),
    figure(
      'browser: 100 KB math-heavy item, read to its typeset end / plain text',
      total.map((ms, i) => ms / plain[i]!),
      'ratio',
    ),
  ];
}

const CC = 'c6496676-d7cb-11e8-824f-0242ac160002';
/** Common Core's 3.NF.A.1 and 3.NF.A.2 (siblings: the second opens the outline next to the first). */
const CC_3NFA1 = '6b9bf846-d7cc-11e8-824f-0242ac160002';
const CC_3NFA2 = '6b9d400d-d7cc-11e8-824f-0242ac160002';
/** California's 3.NF.A.1, whose progression is derived through Common Core's. */
const CA_3NFA1 = '5ebef26f-d7cc-11e8-824f-0242ac160002';

/** Milliseconds from navigation start until `selector` first matches, measured in the page. */
async function firstAppearance(browser: Browser, url: string, selector: string): Promise<number> {
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  await context.addInitScript((sel) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(sel)) return;
      (window as unknown as { __seen: number }).__seen = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, selector);
  const page = await context.newPage();
  await page.goto(url);
  await page.locator(selector).first().waitFor();
  const ms = await page.evaluate(() => (window as unknown as { __seen: number }).__seen);
  await context.close();
  return ms;
}

/** Click → `selector` matches (and, if given, the details are headed `heading`), timed inside the page. */
async function clickUntil(page: Page, target: Locator, selector: string, heading?: string): Promise<number> {
  const handle = await target.elementHandle();
  return page.evaluate(
    ([el, sel, head]) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        const shown = () =>
          !!document.querySelector(sel as string) &&
          (!head || document.querySelector('[aria-label="Standard details"] h2')?.textContent === head);
        const check = () => (shown() ? resolve(performance.now() - start) : requestAnimationFrame(check));
        (el as HTMLElement).click();
        check();
      }),
    [handle, selector, heading] as const,
  );
}

/**
 * Connections, from a fresh profile each run (nothing cached): click on a row → its
 * connections listed; the details' link → the progression's first cards; the same page
 * loaded cold; the California vs Common Core comparison loaded cold until its table fills.
 * Cold figures run from navigation start (measured in the page: no browser start-up).
 */
export async function connectionFigures(base: string): Promise<Figure[]> {
  const browser = await launch();
  const visible: number[] = [];
  const progression: number[] = [];
  const progressionCold: number[] = [];
  const stateProgressionCold: number[] = [];
  const compare: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      console.log(`  connections, run ${i + 1}/${RUNS}`);
      const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${base}/frameworks/${CC}?item=${CC_3NFA2}`);
      await page.getByRole('region', { name: 'Connections' }).waitFor();
      const row = page.getByRole('treeitem', { name: /^3\.NF\.A\.1 / });
      await row.waitFor();
      await page.waitForTimeout(1000); // the page settles (service worker, persisted cache) as a reader's would
      visible.push(await clickUntil(page, row, '[aria-label="Standard details"] [aria-label="Leads to"] li', '3.NF.A.1'));
      await page.getByRole('heading', { name: '3.NF.A.1', level: 2 }).waitFor();
      progression.push(await clickUntil(page, page.getByRole('link', { name: 'See its progression by grade' }), '[data-node]'));
      await context.close();
      progressionCold.push(await firstAppearance(browser, `${base}/progressions/${CC_3NFA1}`, '[data-node]'));
      // California's own, derived through its identical Common Core match: one more round of crosswalks.
      stateProgressionCold.push(await firstAppearance(browser, `${base}/progressions/${CA_3NFA1}`, '[data-node]'));
      compare.push(await firstAppearance(browser, `${base}/compare?framework=${CA}`, 'table tbody tr'));
    }
  } finally {
    await browser.close();
  }
  return [
    figure('browser: connections visible after opening an item, uncached', visible, 'ms'),
    figure('browser: progression view first paint, from the details', progression, 'ms'),
    figure('browser: progression view first paint, cold page load', progressionCold, 'ms'),
    figure("browser: a California standard's derived progression, first paint, cold page load", stateProgressionCold, 'ms'),
    figure('browser: compare California vs Common Core complete, cold', compare, 'ms'),
  ];
}

/** California's 3.NF.A.2, the sibling opened first (3.NF.A.1 then opens beside it). */
const CA_3NFA2 = '5ec017fa-d7cc-11e8-824f-0242ac160002';

/**
 * Skills, from a fresh profile each run (nothing cached): click on a row → its skills
 * listed; the details' first skill → the skill page's heading; the same page loaded cold.
 */
export async function skillFigures(base: string): Promise<Figure[]> {
  const browser = await launch();
  const visible: number[] = [];
  const page1: number[] = [];
  const cold: number[] = [];
  let skillUrl = '';
  try {
    for (let i = 0; i < RUNS; i++) {
      console.log(`  skills, run ${i + 1}/${RUNS}`);
      const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${base}/frameworks/${CA}?item=${CA_3NFA2}`);
      await page.getByRole('region', { name: /^Skills/ }).waitFor();
      const row = page.getByRole('treeitem', { name: /^3\.NF\.A\.1 / });
      await row.waitFor();
      await page.waitForTimeout(1000); // the page settles as a reader's would
      visible.push(await clickUntil(page, row, '[aria-label="Skills of 3.NF.A.1"] li', '3.NF.A.1'));
      const link = page.getByRole('list', { name: 'Skills of 3.NF.A.1' }).getByRole('link').first();
      skillUrl = new URL((await link.getAttribute('href'))!, base).href;
      page1.push(await clickUntil(page, link, '[data-skill-heading]'));
      await context.close();
      cold.push(await firstAppearance(browser, skillUrl, '[data-skill-heading]'));
    }
  } finally {
    await browser.close();
  }
  return [
    figure('browser: skills visible after opening an item, uncached', visible, 'ms'),
    figure('browser: skill page first paint, from the details', page1, 'ms'),
    figure('browser: skill page first paint, cold page load', cold, 'ms'),
  ];
}
