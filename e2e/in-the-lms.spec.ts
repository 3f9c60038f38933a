/**
 * The tool inside an LMS, in real Chromium: the test platform (server/test-support/
 * lti-platform.ts, on localhost) registers the tool (on 127.0.0.1, another site) by
 * Dynamic Registration, and its course page frames the tool, so every tool page is a
 * third-party frame whose cookies the browser blocks. A teacher picks standards through
 * deep linking; the platform verifies the answer with the tool's JWKS; a student's
 * resource launch shows them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { startTestPlatform, type TestPlatform } from '../server/test-support/lti-platform';
import { APP_BASE, CA_3NFA1, expect, expectAxeClean, serviceWorkerActivated, test } from './fixtures';

const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
let platform: TestPlatform;
/** A server on the tool's site (127.0.0.1, another port) that tries to set a cookie from inside the course page. */
let probe: http.Server;
let probeBase = '';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  platform = await startTestPlatform({ hostname: 'localhost' });
  probe = http.createServer((req, res) => {
    if (req.url === '/set') res.setHeader('Set-Cookie', 'probe=1; SameSite=None; Secure; Path=/');
    res.setHeader('content-type', 'text/html');
    res.end(`<p id="cookie">${req.headers.cookie ?? 'no cookie'}</p>`);
  });
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  probeBase = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await platform?.close();
  await new Promise((resolve) => probe?.close(resolve));
});

/** The tool's frame on the course page, once it is at `path`. */
async function toolFrame(page: Page, path: string) {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(`${APP_BASE}${path}`)), { timeout: 20_000 }).toBe(true);
  return page.frameLocator('iframe[title="External tool"]');
}

/** Cookies blocked as the issue asks: a frame of the tool's site inside the platform's page keeps none. */
async function expectThirdPartyCookiesBlocked(page: Page) {
  await page.goto(`${platform.url}/course?launch=none`);
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.id = 'probe';
    document.body.append(frame);
  }, `${probeBase}/set`);
  await expect(page.frameLocator('#probe').locator('#cookie')).toBeVisible();
  await page.evaluate((src) => ((document.getElementById('probe') as HTMLIFrameElement).src = src), `${probeBase}/check`);
  await expect(page.frameLocator('#probe').locator('#cookie')).toHaveText('no cookie');
}

test('an administrator registers the tool with one URL; a teacher inserts standards; a student sees them', async ({ page, context }) => {
  // Blocked for this browser's third-party frames, whatever the build's default.
  const cdp = await context.newCDPSession(page);
  await cdp.send(
    'Network.setCookieControls' as never,
    {
      enableThirdPartyCookieRestriction: true,
      disableThirdPartyCookieMetadata: true,
      disableThirdPartyCookieHeuristics: true,
    } as never,
  );
  await expectThirdPartyCookiesBlocked(page);

  // 1. Dynamic Registration: the platform's admin page opens the tool's registration URL.
  await page.goto(`${platform.url}/admin/register?tool=${encodeURIComponent(`${APP_BASE}/lti/register`)}`);
  const registration = page.frameLocator('iframe[title="Tool registration"]');
  await expect(registration.getByRole('heading', { level: 1 })).toContainText('registered with Test-platform');
  await registration.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('#status')).toHaveText('Registration window closed');
  expect(platform.registrations).toHaveLength(1);

  // 2. Deep linking from the course page's editor: the picker opens in the LMS's frame.
  const launch = platform.prepareLaunch({ data: 'editor-of-week-3', acceptTypes: ['html', 'ltiResourceLink', 'link'] });
  await page.goto(launch.coursePage);
  const picker = await toolFrame(page, '/embed');
  await expect(picker.getByRole('heading', { name: 'Choose a standards framework' })).toBeVisible();
  await picker.getByRole('button', { name: /California Common Core State Standards - Mathematics/ }).click();
  const search = picker.getByRole('searchbox', { name: 'Search this framework' });
  for (const code of ['3.nf.a.1', '3.nf.a.2']) {
    await search.fill(code);
    await expect(picker.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toContainText(code.toUpperCase());
    await search.press('Enter');
  }
  await expect(picker.getByRole('region', { name: 'Selected standards' })).toContainText('Selected: 2 standards');
  // No "no host origin" warning: the answer goes through the tool's server, not a host script.
  await expect(picker.getByText('was given no host origin')).toHaveCount(0);
  await picker.getByRole('button', { name: 'Use 2 standards' }).click();

  // 3. The platform shows what it inserted: the list with its codes and attribution.
  const inserted = page.frameLocator('iframe[title="External tool"]');
  await expect(inserted.getByRole('heading', { name: 'Inserted into the page' })).toBeVisible({ timeout: 20_000 });
  await expect(inserted.locator('[data-item="html"] li')).toHaveCount(2);
  await expect(inserted.locator('[data-item="html"] strong')).toHaveText(['3.NF.A.1', '3.NF.A.2']);
  await expect(inserted.locator('[data-item="html"]')).toContainText('Learning Commons');
  expect(platform.refusedResponses).toEqual([]);
  const [answer] = platform.responses;
  expect(answer!.claims.aud).toBe(platform.issuer);
  expect(answer!.claims.iss).toBe(platform.registrations[0]!.clientId);
  expect(answer!.claims.nonce).toEqual(expect.any(String));
  expect(answer!.claims[`${DL}data`]).toBe('editor-of-week-3');
  expect(answer!.contentItems.map((i) => i.type)).toEqual(['html', 'ltiResourceLink']);
  const link = answer!.contentItems[1]!;

  // The tool set no cookie anywhere: state and nonce lived on its server.
  expect((await context.cookies()).filter((c) => c.domain === '127.0.0.1')).toEqual([]);
  // What the platform's authorization endpoint was asked: the tool's exact redirect URI.
  expect(platform.authRequests.at(-1)).toMatchObject({
    redirect_uri: `${APP_BASE}/lti/launch`,
    login_hint: launch.loginHint,
    lti_message_hint: launch.hint,
  });

  // 4. A student opens the resource link: the standards, read-only, in the LMS's language.
  const student = platform.prepareLaunch({ messageType: 'LtiResourceLinkRequest', custom: link.custom, locale: 'es-US' });
  await page.goto(student.coursePage);
  const shown = await toolFrame(page, '/lti/launch');
  await expect(shown.getByRole('heading', { level: 1 })).toHaveText('2 estándares');
  await expect(shown.locator('html')).toHaveAttribute('lang', 'es-US');
  await expect(shown.getByRole('listitem')).toHaveCount(2);
  await expect(shown.getByRole('link', { name: '3.NF.A.1' })).toHaveAttribute('href', /^\/items\//);
  await expect(shown.getByText(/Learning Commons/)).toBeVisible();
  await expectAxeClean(page);
});

test('Cancel returns an empty answer with a message; a refused launch shows a clear page', async ({ page }) => {
  if (!platform.registrations.length) test.skip(true, 'needs the registration of the first test');
  const launch = platform.prepareLaunch({ acceptTypes: ['ltiResourceLink'] });
  await page.goto(launch.coursePage);
  const picker = await toolFrame(page, '/embed');
  await picker.getByRole('button', { name: /California Common Core State Standards - Mathematics/ }).click();
  await picker.getByRole('button', { name: 'Cancel' }).click();
  const answer = page.frameLocator('iframe[title="External tool"]');
  await expect(answer.getByRole('heading', { name: 'Nothing inserted' })).toBeVisible({ timeout: 20_000 });
  await expect(answer.getByRole('status')).toContainText('No standards were inserted');
  expect(platform.responses.at(-1)!.contentItems).toEqual([]);

  // A launch for a deployment the tool never saw: refused, with what to do.
  const unknown = platform.prepareLaunch({
    tamper: (claims) => ({ ...claims, 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'not-registered' }),
  });
  await page.goto(unknown.coursePage);
  const refused = await toolFrame(page, '/lti/launch');
  await expect(refused.getByRole('heading', { level: 1 })).toHaveText('This deployment of the tool is not known');
  await expect(refused.getByText('npm run lti -- deployment')).toBeVisible();
  await expect(refused.locator('body')).not.toContainText(/at .+\.ts:\d+/);
});

test('the picker fits a 390 px phone inside the LMS frame', async ({ page }) => {
  if (!platform.registrations.length) test.skip(true, 'needs the registration of the first test');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(platform.prepareLaunch().coursePage);
  const picker = await toolFrame(page, '/embed');
  await picker.getByRole('button', { name: /California Common Core State Standards - Mathematics/ }).click();
  await expect(picker.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const frame = page.frames().find((f) => f.url().startsWith(`${APP_BASE}/embed`))!;
  expect(await frame.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('a plain standards link opens the server’s page even where the app’s service worker runs', async ({ page }) => {
  await page.goto(`${APP_BASE}/`);
  await serviceWorkerActivated(page);
  await page.goto(`${APP_BASE}/lti/standards?ids=${CA_3NFA1}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('1 standard');
  await expect(page.getByRole('link', { name: '3.NF.A.1' })).toBeVisible();
  const bad = await page.goto(`${APP_BASE}/lti/standards?ids=1,<b>`);
  expect(bad!.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link’s standards cannot be read');
});
