import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { APP_BASE, CA_MATH, HOST_BASE, expect, test } from './fixtures';

type Message = { protocol: string; version: number; type: string; items?: any[]; item?: any; height?: number; capabilities?: string[] };

const received = (page: Page) => page.evaluate(() => (window as unknown as { receivedMessages: Message[] }).receivedMessages);
const ofType = async (page: Page, type: string) => (await received(page)).filter((m) => m.type === type);

/** The picker's own frame, for reading its state (the locator API only reads what users see). */
const pickerFrame = (page: Page) => page.frames().find((f) => f.url().startsWith(`${APP_BASE}/embed`))!;

/**
 * Waits until nothing in the picker is loading and the host has sized the frame to the
 * picker's content. A click aimed while either is still moving can land on the row or
 * button that slides under the pointer (the frame's own scroll resets when it grows).
 */
async function settled(page: Page) {
  const frame = pickerFrame(page);
  await expect
    .poll(async () => {
      const content = await frame.evaluate(() =>
        document.querySelector('[aria-busy="true"], [role="status"][aria-label^="Loading"]')
          ? -1
          : Math.ceil(document.documentElement.getBoundingClientRect().height),
      );
      const shown = await page.locator('#picker').evaluate((el) => el.clientHeight);
      // The picker asks for its content's height, up to 960 px (past it, it scrolls in its frame).
      return content >= 0 && shown === Math.max(200, Math.min(content, 960));
    })
    .toBe(true);
}

async function openHost(page: Page, query = 'mode=multiple') {
  await page.goto(`${HOST_BASE}/embed-example.html?app=${encodeURIComponent(APP_BASE)}&${query}`);
  await expect.poll(async () => (await ofType(page, 'ready')).length, { timeout: 15_000 }).toBeGreaterThan(0);
  return page.frameLocator('#picker');
}

test('a teacher picks two standards; the host receives them with exact payloads and attribution', async ({ page, request }) => {
  const picker = await openHost(page);
  const [ready] = await ofType(page, 'ready');
  expect(ready).toMatchObject({ protocol: 'standards-explorer', version: 1, mode: 'multiple', frameworkCaseIdentifierUUID: CA_MATH });
  expect(ready!.capabilities).toContain('setSelection');

  // Expanding the top grouping makes the picker taller: the host hears about it.
  await expect(picker.getByRole('treeitem', { name: /^Standards for Math Content/ })).toBeVisible();
  await expect.poll(async () => (await ofType(page, 'resize')).length).toBeGreaterThan(0);
  const heightBefore = (await ofType(page, 'resize')).at(-1)!.height!;
  await settled(page);
  await picker.getByRole('treeitem', { name: /^Standards for Math Content/ }).click();
  await expect.poll(async () => (await ofType(page, 'resize')).at(-1)!.height!).toBeGreaterThan(heightBefore);
  for (const name of [/^Grade 3/, /^Number & Operations—Fractions/, /^3\.NF\.A Develop/]) {
    await settled(page);
    await picker.getByRole('treeitem', { name }).click();
    await expect(picker.getByRole('treeitem', { name })).toHaveAttribute('aria-expanded', 'true');
  }

  await settled(page);
  await picker.getByRole('treeitem', { name: /^3\.NF\.A\.1 / }).click(); // a leaf: click picks
  await picker.getByRole('treeitem', { name: /^3\.NF\.A\.2 / }).press('Enter'); // has children: Enter picks
  await expect(picker.getByRole('region', { name: 'Selected standards' })).toContainText('Selected: 2 standards');

  await expect.poll(async () => (await ofType(page, 'select')).length).toBe(2);
  const selection = (await ofType(page, 'selection')).at(-1)!.items!;
  expect(selection.map((i) => i.statementCode)).toEqual(['3.NF.A.1', '3.NF.A.2']);
  for (const chosen of selection) {
    const item = await (await request.get(`${APP_BASE}/api/v0/academic-standards/${chosen.caseIdentifierUUID}`)).json();
    expect(chosen).toEqual({
      caseIdentifierUUID: item.caseIdentifierUUID,
      statementCode: item.statementCode,
      description: item.description,
      // Readable as is: the LMS page may show it without a math renderer.
      descriptionText: expect.stringMatching(/^[^$\\]+$/),
      jurisdiction: item.jurisdiction,
      academicSubject: item.academicSubject,
      gradeLevel: item.gradeLevel,
      caseIdentifierURI: item.caseIdentifierURI,
      attributionStatement: item.attributionStatement,
      license: item.license,
      frameworkName: 'California Common Core State Standards - Mathematics',
      frameworkCaseIdentifierUUID: CA_MATH,
    });
  }
  expect(selection[0]!.descriptionText).toContain('1/b');
  // The selection survives a change of filters and view.
  await settled(page);
  await picker.getByRole('group', { name: 'Grade' }).getByRole('button', { name: '4', exact: true }).click();
  await settled(page);
  await picker.getByRole('button', { name: 'List' }).click();
  await expect(picker.getByText(/^\d+ items$|scroll for more/)).toBeVisible();
  await expect(picker.getByRole('region', { name: 'Selected standards' })).toContainText('Selected: 2 standards');

  await settled(page);
  await picker.getByRole('button', { name: 'Use 2 standards' }).click();
  await expect.poll(async () => (await ofType(page, 'done')).at(-1)?.items?.length).toBe(2);
  await expect(page.getByRole('list').filter({ hasText: '3.NF.A.1' })).toContainText('California Department of Education');
  // Filter and view changes are not a new picker: a host that answers "ready" with setSelection keeps its choice.
  expect(await ofType(page, 'ready')).toHaveLength(1);
});

test('the picker finds a standard by code; Enter picks it, and choosing it again in the results takes it back', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  const picker = await openHost(page);
  await expect(picker.getByRole('treeitem').first()).toBeVisible();
  // The search code is not part of the picker's first load: it arrives with the first focus,
  // and what was typed meanwhile is kept.
  expect(scripts.filter((s) => s.includes('view-deferred'))).toEqual([]);
  const search = picker.getByRole('searchbox', { name: 'Search this framework' });
  await search.fill('3.nf.a.3');
  await expect.poll(() => scripts.filter((s) => s.includes('view-deferred')).length).toBe(1);
  const results = picker.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').first()).toContainText('3.NF.A.3');
  await expect(results.getByRole('listitem').first()).toContainText('Standards for Math Content › Grade 3');
  await search.press('Enter');

  const tray = picker.getByRole('region', { name: 'Selected standards' });
  await expect(tray).toContainText('Selected: 1 standard');
  await expect(tray).toContainText('3.NF.A.3');
  const first = results.getByRole('listitem').first().getByRole('button'); // the only control of a result in the picker
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await ofType(page, 'select')).map((m) => m.item.statementCode)).toEqual(['3.NF.A.3']);
  expect((await ofType(page, 'select'))[0]!.item).toMatchObject({
    frameworkName: 'California Common Core State Standards - Mathematics',
    frameworkCaseIdentifierUUID: CA_MATH,
  });

  // Down into the results, Enter on the chosen one: deselected, the host hears it.
  await search.press('ArrowDown');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tray).toContainText('Selected: 0 standards');
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await ofType(page, 'deselect')).map((m) => m.item.statementCode)).toEqual(['3.NF.A.3']);
  // Escape goes back to the box, a second Escape empties it and closes the results.
  await page.keyboard.press('Escape');
  await expect(search).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await expect(results).toBeHidden();
});

test('setSelection from the host shows in the tray; other frameworks, other origins and malformed messages are ignored', async ({
  page,
}) => {
  const picker = await openHost(page);
  const idsOf = (jurisdiction: string) =>
    page.evaluate(
      async ([base, j]) => {
        const r = await fetch(`${base}/api/v0/academic-standards/search?statementCode=3.NF.A.3&jurisdiction=${j}`);
        return (await r.json()).map((i: { caseIdentifierUUID: string }) => i.caseIdentifierUUID) as string[];
      },
      [APP_BASE, jurisdiction] as const,
    );
  // Common Core's 3.NF.A.3 is another framework's standard: the California picker drops it.
  const ids = [...(await idsOf('Multi-State')), ...(await idsOf('California'))];
  expect(ids).toHaveLength(2);
  const send = (message: unknown) =>
    page.evaluate(
      ([m, origin]) => (document.getElementById('picker') as HTMLIFrameElement).contentWindow!.postMessage(m, origin as string),
      [message, APP_BASE] as const,
    );

  await send({ protocol: 'standards-explorer', version: 1, type: 'setSelection', ids });
  const tray = picker.getByRole('region', { name: 'Selected standards' });
  await expect(tray).toContainText('Selected: 1 standard');
  await expect(tray).toContainText('3.NF.A.3');
  await expect.poll(async () => (await ofType(page, 'selection')).at(-1)?.items?.map((i) => i.statementCode)).toEqual(['3.NF.A.3']);
  // Sent as soon as `ready` arrived, the items still carry the framework's name.
  expect((await ofType(page, 'selection')).at(-1)!.items![0]).toMatchObject({
    frameworkName: 'California Common Core State Standards - Mathematics',
    frameworkCaseIdentifierUUID: CA_MATH,
  });

  // Malformed shapes from the right origin.
  await send('hello');
  await send({ type: 'setSelection', ids: [] });
  await send({ protocol: 'standards-explorer', version: 2, type: 'setSelection', ids: [] });
  await send({ protocol: 'standards-explorer', version: 1, type: 'setSelection', ids: 'all' });
  await send({ protocol: 'standards-explorer', version: 1, type: 'dropTables' });
  // A third origin trying to clear the selection: a page of another site, framed by the host.
  await page.route('http://third-party.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<script>parent.frames[0].postMessage({protocol:'standards-explorer',version:1,type:'setSelection',ids:[]}, '*')</script>`,
    }),
  );
  await page.evaluate(() => {
    const spy = document.createElement('iframe');
    spy.src = 'http://third-party.test/spy.html';
    document.body.append(spy);
  });
  const frame = pickerFrame(page);
  await expect
    .poll(() => frame.evaluate(() => (window as any).standardsExplorerEmbed.stats))
    .toMatchObject({ ignoredMalformed: 5, ignoredOrigin: 1 });
  await expect(tray).toContainText('Selected: 1 standard');

  await send({ protocol: 'standards-explorer', version: 1, type: 'setFilters', grades: ['3'], view: 'list' });
  await expect(picker.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(picker.getByRole('group', { name: 'Grade' }).getByRole('button', { name: '3', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await send({ protocol: 'standards-explorer', version: 1, type: 'requestSelection' });
  await expect.poll(async () => (await ofType(page, 'selection')).length).toBeGreaterThan(1);
});

test('only /embed may be framed, and only by allowed origins', async ({ page, request }) => {
  const frameAncestors = async (url: string) => {
    const policy = (await request.get(url)).headers()['content-security-policy'] ?? '';
    return policy.split('; ').find((d) => d.startsWith('frame-ancestors'));
  };
  expect(await frameAncestors(`${APP_BASE}/`)).toBe("frame-ancestors 'none'");
  expect(await frameAncestors(`${APP_BASE}/embed?framework=${CA_MATH}`)).toBe(`frame-ancestors 'self' ${HOST_BASE}`);
  await page.goto(`${HOST_BASE}/embed-example.html?app=${encodeURIComponent(APP_BASE)}`);
  await page.evaluate((base) => {
    const frame = document.createElement('iframe');
    frame.id = 'home';
    frame.src = `${base}/`;
    document.body.append(frame);
  }, APP_BASE);
  await page.waitForTimeout(1500);
  const home = page.frames().find((f) => f.url() === `${APP_BASE}/` || f.url().startsWith('chrome-error://'));
  const blocked =
    !home || home.url().startsWith('chrome-error://') || (await home.evaluate(() => document.body.innerText).catch(() => '')) === '';
  expect(blocked).toBe(true);
});

test('inside the frame the picker has no serious accessibility violations, with attribution visible', async ({ page }) => {
  const picker = await openHost(page, 'mode=single');
  await picker.getByRole('treeitem', { name: /^Standards for Math Content/ }).click();
  await expect(picker.getByRole('contentinfo')).toContainText('California Department of Education');
  const results = await new AxeBuilder({ page }).include('#picker').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => v.id)).toEqual([]);
});
