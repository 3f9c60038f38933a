/**
 * The LTI tool against the test platform (server/test-support/lti-platform.ts), both on
 * real sockets, over the real local API and data: Dynamic Registration, the OIDC login,
 * deep linking answered and verified with the tool's JWKS, resource launches, and every
 * refusal the Security Framework asks for, each leaving nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, decodeJwt } from 'jose';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_DATA, openApi } from '../test-support/real-api';
import { listen } from '../test-support/listen';
import { startTestPlatform, type LaunchSpec, type TestPlatform } from '../test-support/lti-platform';
import { createApp } from '../app';
import { SqliteLtiStore } from './sqlite-lti-store';

let platform: TestPlatform;
let tool: { url: string; close: () => Promise<void> };
let store: SqliteLtiStore;
let storeFile: string;
let realIds: string[] = [];

beforeAll(async () => {
  storeFile = join(mkdtempSync(join(tmpdir(), 'lti-')), 'lti.sqlite');
  store = new SqliteLtiStore(storeFile);
  const { store: standards } = await openApi(DEFAULT_DATA);
  const app = createApp({ store: standards, lti: { store, publicUrl: null }, logError: () => {} });
  tool = await listen((req) => app.fetch(req));
  platform = await startTestPlatform({ hostname: '127.0.0.1' });
  // Three standards of the data, read through the API as any client would.
  const list = await (await fetch(`${tool.url}/api/v0/academic-standards/search?query=fractions&limit=3`)).json();
  realIds = list.map((i: { caseIdentifierUUID: string }) => i.caseIdentifierUUID);
}, 120_000);
afterAll(async () => {
  await tool?.close();
  await platform?.close();
  await store?.close();
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;

async function register() {
  const res = await fetch(
    `${tool.url}/lti/register?openid_configuration=${encodeURIComponent(`${platform.url}/.well-known/openid-configuration`)}&registration_token=${platform.registrationToken}`,
  );
  return { status: res.status, html: await res.text() };
}

/** The OIDC login at the tool: where it sends the browser, and the state and nonce it made. */
async function login(spec: LaunchSpec = {}, overrides: Record<string, string> = {}) {
  const { hint, loginHint } = platform.prepareLaunch(spec);
  const registration = platform.registrations.at(-1)!;
  const res = await fetch(
    `${tool.url}/lti/login`,
    form({
      iss: platform.issuer,
      login_hint: loginHint,
      target_link_uri: `${tool.url}/lti/launch`,
      lti_message_hint: hint,
      client_id: registration.clientId,
      lti_deployment_id: registration.deploymentId,
      ...overrides,
    }),
  );
  const location = res.headers.get('location');
  const auth = location ? new URL(location) : null;
  return { res, auth, hint, loginHint, state: auth?.searchParams.get('state') ?? '', nonce: auth?.searchParams.get('nonce') ?? '' };
}

/** A whole launch as a browser makes it: login, the platform's authorization, the posted id_token. */
async function launch(spec: LaunchSpec = {}) {
  const { auth } = await login(spec);
  const page = await (await fetch(auth!)).text();
  const fields = { id_token: hidden(page, 'id_token')!, state: hidden(page, 'state')! };
  const res = await fetch(`${tool.url}/lti/launch`, form(fields));
  return { res, fields, html: res.status === 303 ? '' : await res.text() };
}

/** A launch with an id_token the test makes itself (forged, expired, mis-addressed…). */
async function launchWith(claims: (nonce: string) => Record<string, unknown>, key?: Parameters<TestPlatform['signIdToken']>[2]) {
  const { state, nonce } = await login();
  const idToken = await platform.signIdToken(claims(nonce), undefined, key);
  const before = await store.counts();
  const res = await fetch(`${tool.url}/lti/launch`, form({ id_token: idToken, state }));
  const after = await store.counts();
  // Nonces used and sessions opened by this launch: a refusal stores neither.
  const stored = after.nonces - before.nonces + after.deepLinks - before.deepLinks;
  return { res, html: await res.text(), before, after, stored };
}
/** A launch whose id_token has one claim changed. */
const launchWithClaim = (claim: string, value: unknown) => launchWith((nonce) => ({ ...platform.launchClaims({}, nonce), [claim]: value }));
const CLAIM_BASE = 'https://purl.imsglobal.org/spec/lti/claim/';

async function answer(session: string, fields: Record<string, string>) {
  const res = await fetch(`${tool.url}/lti/deep-link`, form({ session, ...fields }));
  return { res, html: await res.text() };
}

describe('Dynamic Registration', () => {
  it('registers with the platform from one URL, its metadata as a strict platform requires', async () => {
    const { status, html } = await register();
    expect(status).toBe(200);
    expect(html).toContain('registered with Test-platform');
    expect(html).toContain('/lti/assets/close-registration.js');
    const registration = platform.registrations.at(-1)!;
    expect(registration.metadata.redirect_uris).toEqual([`${tool.url}/lti/launch`]);
    expect(await store.platform(platform.issuer, registration.clientId)).toMatchObject({
      authUrl: `${platform.url}/auth`,
      jwksUrl: `${platform.url}/jwks`,
    });
    expect(await store.deployments(platform.issuer, registration.clientId)).toEqual([registration.deploymentId]);
  });

  it('refuses a registration it cannot complete, and keeps nothing', async () => {
    const before = await store.counts();
    const bare = await fetch(`${tool.url}/lti/register`);
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain('registration address');
    const wrongToken = await fetch(
      `${tool.url}/lti/register?openid_configuration=${encodeURIComponent(`${platform.url}/.well-known/openid-configuration`)}&registration_token=nope`,
    );
    expect(wrongToken.status).toBe(502);
    expect(await wrongToken.text()).toContain('answered 401');
    const plainHttp = await fetch(`${tool.url}/lti/register?openid_configuration=${encodeURIComponent('http://lms.example.edu/config')}`);
    expect(plainHttp.status).toBe(400);
    expect(await plainHttp.text()).toContain('not an https URL');
    expect(await store.counts()).toEqual(before);
  });

  it('takes registrations only from the hosts an administrator lists, where they are listed', async () => {
    const { store: standards } = await openApi(DEFAULT_DATA);
    const closed = createApp({ store: standards, lti: { store, publicUrl: null, registrationHosts: ['lms.example.edu'] } });
    const before = await store.counts();
    const res = await closed.request(
      `/lti/register?openid_configuration=${encodeURIComponent(`${platform.url}/.well-known/openid-configuration`)}&registration_token=${platform.registrationToken}`,
    );
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('STANDARDS_LTI_REGISTRATION_HOSTS');
    expect(await store.counts()).toEqual(before);
  });
});

describe('OIDC login', () => {
  it('sends the browser to the platform with its own state and nonce, and the hints untouched', async () => {
    const { res, auth, loginHint } = await login();
    expect(res.status).toBe(302);
    expect(auth!.origin + auth!.pathname).toBe(`${platform.url}/auth`);
    const q = Object.fromEntries(auth!.searchParams);
    expect(q).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      login_hint: loginHint,
    });
    expect(q.redirect_uri).toBe(`${tool.url}/lti/launch`);
    expect(q.state!.length).toBeGreaterThanOrEqual(40);
    expect(q.nonce).not.toBe(q.state);
  });

  it('refuses an unknown platform and a target on another site', async () => {
    const unknown = await login({}, { iss: 'https://lms.example.edu', client_id: 'x' });
    expect(unknown.res.status).toBe(403);
    expect(await unknown.res.text()).toContain('not registered with the tool');
    const elsewhere = await login({}, { target_link_uri: 'https://evil.example/lti/launch' });
    expect(elsewhere.res.status).toBe(400);
    expect(await elsewhere.res.text()).toContain('for another site');
  });
});

describe('deep linking', () => {
  it('opens the picker, then answers a signed response the platform verifies, data echoed', async () => {
    const { res } = await launch({ data: 'opaque-platform-data-42' });
    expect(res.status).toBe(303);
    const picker = new URL(res.headers.get('location')!, tool.url);
    expect(picker.pathname).toBe('/embed');
    const session = picker.searchParams.get('lti')!;
    expect(picker.searchParams.get('mode')).toBe('multiple');

    const { res: done, html } = await answer(session, { action: 'use', ids: realIds.join(',') });
    expect(done.status).toBe(200);
    expect(html).toContain(`action="${platform.url}/deep-link-return"`);
    const jwt = hidden(html, 'JWT')!;
    const toPlatform = await fetch(`${platform.url}/deep-link-return`, form({ JWT: jwt }));
    expect(toPlatform.status).toBe(200);
    const received = platform.responses.at(-1)!;
    expect(received.claims['https://purl.imsglobal.org/spec/lti-dl/claim/data']).toBe('opaque-platform-data-42');
    expect(received.claims.aud).toBe(platform.issuer);
    expect(typeof received.claims.nonce).toBe('string');
    expect(received.contentItems.map((i) => i.type)).toEqual(['html', 'ltiResourceLink']);
    const [htmlItem, link] = received.contentItems;
    const first = await (await fetch(`${tool.url}/api/v0/academic-standards/${realIds[0]}`)).json();
    expect(htmlItem!.html).toContain(`<strong>${first.statementCode}</strong>`);
    expect(htmlItem!.html).toContain(first.attributionStatement.replace(/&/g, '&amp;'));
    expect(htmlItem!.html.match(/<li>/g)).toHaveLength(realIds.length);
    expect(link!.custom).toEqual({ standards: realIds.join(',') });
    expect(link!.url).toBe(`${tool.url}/lti/launch`);
    // Once: the same session cannot answer twice.
    expect((await answer(session, { action: 'use', ids: realIds.join(',') })).res.status).toBe(410);
  });

  it('builds only what the platform accepts: Moodle’s resource links without data, one html item, a plain link', async () => {
    const cases: Array<[LaunchSpec, string[]]> = [
      [{ acceptTypes: ['ltiResourceLink'], acceptMultiple: true }, ['ltiResourceLink']],
      [{ acceptTypes: ['html', 'ltiResourceLink', 'link'], acceptMultiple: false }, ['html']],
      [{ acceptTypes: ['link', 'image'], acceptMultiple: true }, ['link']],
      [{ acceptTypes: ['file', 'ltiResourceLink'] }, ['ltiResourceLink']],
    ];
    for (const [spec, types] of cases) {
      const { res } = await launch(spec);
      const session = new URL(res.headers.get('location')!, tool.url).searchParams.get('lti')!;
      const jwt = hidden((await answer(session, { action: 'use', ids: realIds[0]! })).html, 'JWT')!;
      const claims = decodeJwt(jwt);
      expect((claims['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as Array<{ type: string }>).map((i) => i.type)).toEqual(
        types,
      );
      expect(claims).not.toHaveProperty(['https://purl.imsglobal.org/spec/lti-dl/claim/data']);
    }
    const { res } = await launch({ acceptTypes: ['link'] });
    const session = new URL(res.headers.get('location')!, tool.url).searchParams.get('lti')!;
    const claims = decodeJwt(hidden((await answer(session, { action: 'use', ids: realIds.join(',') })).html, 'JWT')!);
    const [link] = claims['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as Array<{ url: string }>;
    const page = await (await fetch(link!.url)).text();
    expect(page.match(/<li>/g)).toHaveLength(realIds.length);
  });

  it('answers Cancel with an empty response and a message', async () => {
    const { res } = await launch({ data: 'd' });
    const session = new URL(res.headers.get('location')!, tool.url).searchParams.get('lti')!;
    const jwt = hidden((await answer(session, { action: 'cancel' })).html, 'JWT')!;
    await fetch(`${platform.url}/deep-link-return`, form({ JWT: jwt }));
    const received = platform.responses.at(-1)!;
    expect(received.contentItems).toEqual([]);
    expect(received.claims['https://purl.imsglobal.org/spec/lti-dl/claim/msg']).toMatch(/No standards were inserted/);
    expect(received.claims['https://purl.imsglobal.org/spec/lti-dl/claim/data']).toBe('d');
  });

  it('keeps the session when the answer is malformed, so the teacher can try again', async () => {
    const { res } = await launch();
    const session = new URL(res.headers.get('location')!, tool.url).searchParams.get('lti')!;
    const bad = await answer(session, { action: 'use', ids: 'not-a-uuid,<script>' });
    expect(bad.res.status).toBe(400);
    expect(bad.html).not.toContain('<script>');
    expect(bad.html).not.toMatch(/at .*\.ts:\d+/);
    expect((await answer(session, { action: 'use', ids: realIds[0]! })).res.status).toBe(200);
    expect((await answer('x'.repeat(40), { action: 'use', ids: realIds[0]! })).res.status).toBe(410);
  });

  it('refuses a place that takes no content the tool makes, before the picker opens', async () => {
    const before = await store.counts();
    const { res, html } = await launch({ acceptTypes: ['file', 'image'] });
    expect(res.status).toBe(422);
    expect(html).toContain('takes content the tool does not make');
    expect((await store.counts()).deepLinks).toBe(before.deepLinks);
  });
});

describe('resource launch', () => {
  it('shows the link’s standards read-only, in the LMS’s language', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const { res, html } = await launch({
      messageType: 'LtiResourceLinkRequest',
      custom: { standards: [...realIds, missing].join(',') },
      locale: 'es-MX',
    });
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="es-MX">');
    expect(html).toContain(`${realIds.length} estándares`);
    expect(html).toContain(`ya no está en los datos (${missing})`);
    expect(html.match(/<li>/g)).toHaveLength(realIds.length);
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
  });
});

describe('refusals: a clear page, nothing launched, nothing stored', () => {
  const launched = (res: Response) => res.status === 303 || res.status === 200;

  it('a forged id_token (signed by another key)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const r = await launchWith((nonce) => platform.launchClaims({}, nonce), privateKey);
    expect(launched(r.res)).toBe(false);
    expect(r.html).toContain('not signed by the platform');
    expect(r.stored).toBe(0);
  });

  it('an expired id_token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const r = await launchWith((nonce) => ({ ...platform.launchClaims({}, nonce), iat: past - 60, exp: past }));
    expect(r.res.status).toBe(401);
    expect(r.html).toContain('expired');
    expect(r.stored).toBe(0);
  });

  it('an id_token dated ahead of the clock by more than the allowed skew', async () => {
    const r = await launchWithClaim('iat', Math.floor(Date.now() / 1000) + 600);
    expect(r.res.status).toBe(401);
    expect(r.stored).toBe(0);
  });

  it('a replayed launch (the same state and id_token posted again)', async () => {
    const first = await launch();
    expect(first.res.status).toBe(303);
    const before = await store.counts();
    const again = await fetch(`${tool.url}/lti/launch`, form(first.fields));
    expect(again.status).toBe(401);
    expect(await again.text()).toContain('already used');
    expect(await store.counts()).toEqual(before);
  });

  it('an id_token whose nonce is not the login’s', async () => {
    const r = await launchWith(() => platform.launchClaims({}, 'a-nonce-of-another-login'));
    expect(r.res.status).toBe(401);
    expect(r.html).toContain('does not belong to this login');
    expect(r.stored).toBe(0);
  });

  it('an unknown deployment, with the command that adds it', async () => {
    const r = await launchWithClaim(`${CLAIM_BASE}deployment_id`, 'other-deployment');
    expect(r.res.status).toBe(403);
    expect(r.html).toContain('npm run lti -- deployment');
    expect(r.stored).toBe(0);
  });

  it('a token for another tool (wrong aud, or an azp that is not this tool)', async () => {
    const wrongAud = await launchWithClaim('aud', 'another-client');
    expect(wrongAud.res.status).toBe(401);
    expect(wrongAud.html).toContain('aud');
    expect(wrongAud.stored).toBe(0);
    const registration = platform.registrations.at(-1)!;
    const wrongAzp = await launchWith((nonce) => ({
      ...platform.launchClaims({}, nonce),
      aud: [registration.clientId, 'other'],
      azp: 'other',
    }));
    expect(wrongAzp.res.status).toBe(401);
    expect(wrongAzp.html).toContain('another tool');
    expect(wrongAzp.stored).toBe(0);
  });

  it('a missing state', async () => {
    const before = await store.counts();
    const res = await fetch(`${tool.url}/lti/launch`, form({ id_token: 'x.y.z' }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('has no state');
    expect(await store.counts()).toEqual(before);
  });

  it('a message type the tool does not handle', async () => {
    const r = await launchWithClaim(`${CLAIM_BASE}message_type`, 'LtiSubmissionReviewRequest');
    expect(r.res.status).toBe(400);
    expect(r.html).toContain('does not handle this kind of launch');
    expect(r.stored).toBe(0);
  });

  it('hostile input: no form, a JSON body, a GET', async () => {
    for (const init of [{ method: 'POST' }, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id_token":1' }]) {
      const res = await fetch(`${tool.url}/lti/launch`, init);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('<h1>');
    }
    expect((await fetch(`${tool.url}/lti/launch`)).status).toBe(405);
    expect((await fetch(`${tool.url}/lti/nothing-here`)).status).toBe(404);
  });
});

describe('the tool’s keys', () => {
  it('publishes only the public half, and keeps the same key across restarts', async () => {
    const res = await fetch(`${tool.url}/lti/jwks`);
    // Revalidated on every use: after a rotation no cache may keep a key set without the new key.
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const etag = res.headers.get('etag')!;
    expect((await fetch(`${tool.url}/lti/jwks`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const jwks = await res.json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { store: standards } = await openApi(DEFAULT_DATA);
    const reopened = new SqliteLtiStore(storeFile);
    const again = createApp({ store: standards, lti: { store: reopened, publicUrl: 'https://standards.example.edu' } });
    const after = await (await again.request('/lti/jwks')).json();
    expect(after.keys[0].kid).toBe(jwks.keys[0].kid);
    const canvas = await (await again.request('/lti/canvas.json')).json();
    expect(canvas.oidc_initiation_url).toBe('https://standards.example.edu/lti/login');
    expect(canvas.public_jwk_url).toBe('https://standards.example.edu/lti/jwks');
    await reopened.close();
  });
});
