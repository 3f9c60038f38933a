/**
 * PostgreSQL restarted under the tool: while it is down, every LTI request gets a 503 page
 * that says what went wrong and what to do (no stack trace, nothing launched or stored, the
 * password in no log line); once it is back, the same tool (not restarted) finishes a login
 * begun before the outage and starts new ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { listen } from '../test-support/listen';
import { startTestPlatform, type TestPlatform } from '../test-support/lti-platform';
import { HAS_POSTGRES } from '../test-support/lti-stores';
import { POSTGRES_MISSING, startPostgres, type TestPostgres } from '../test-support/postgres';
import { PgLtiStore } from './pg-lti-store';

if (!HAS_POSTGRES) console.warn(`PostgreSQL outage test skipped: ${POSTGRES_MISSING}.`);

const PASSWORD = 'not-for-logs-7f3a';
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  body: new URLSearchParams(fields),
  redirect: 'manual' as const,
});
const STACK_TRACE = /at .*\.(ts|js|mjs):\d+|node_modules|Error:/;

describe.skipIf(!HAS_POSTGRES)('the tool while PostgreSQL restarts', () => {
  let postgres: TestPostgres;
  let store: PgLtiStore;
  let platform: TestPlatform;
  let tool: Awaited<ReturnType<typeof listen>>;
  const logged: string[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    // Trust authentication takes any password: the URL carries one, as a production one would.
    const url = (await postgres.createDatabase()).replace('postgres@', `postgres:${PASSWORD}@`);
    store = new PgLtiStore(url);
    const app = createApp({
      preparing: () => ({ percent: 0 }),
      lti: { store, publicUrl: null },
      logError: (_id, e) => logged.push(e instanceof Error ? `${e.message}\n${e.stack}` : String(e)),
    });
    tool = await listen(app.fetch);
    platform = await startTestPlatform({ hostname: '127.0.0.1' });
    const config = encodeURIComponent(`${platform.url}/.well-known/openid-configuration`);
    expect(
      (await fetch(`${tool.url}/lti/register?openid_configuration=${config}&registration_token=${platform.registrationToken}`)).status,
    ).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await tool?.close();
    await platform?.close();
    await store?.close();
    postgres?.stop();
  });

  const login = async () => {
    const { loginHint, hint } = platform.prepareLaunch();
    const res = await fetch(
      `${tool.url}/lti/login`,
      form({
        iss: platform.issuer,
        login_hint: loginHint,
        lti_message_hint: hint,
        target_link_uri: `${tool.url}/lti/launch`,
        client_id: platform.registrations.at(-1)!.clientId,
      }),
    );
    return { res, auth: res.headers.get('location') ? new URL(res.headers.get('location')!) : null };
  };
  const launchFields = async (auth: URL) => ({
    id_token: await platform.signIdToken(platform.launchClaims({}, auth.searchParams.get('nonce')!)),
    state: auth.searchParams.get('state')!,
  });

  it('answers clear 503 pages while it is down, and recovers by itself when it is back', async () => {
    const begun = await login();
    expect(begun.res.status).toBe(302);
    const fields = await launchFields(begun.auth!);
    const countsBefore = await store.counts();

    await postgres.stopServer();
    const refusals = [
      await (await login()).res,
      await fetch(`${tool.url}/lti/launch`, form(fields)),
      await fetch(`${tool.url}/lti/jwks`),
      await fetch(`${tool.url}/lti/deep-link`, form({ session: 'x'.repeat(43), action: 'cancel' })),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('The tool cannot reach its storage just now');
      expect(html).toContain('Try again in a minute');
      expect(html).not.toMatch(STACK_TRACE);
      expect(html).not.toContain(PASSWORD);
    }
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line).not.toContain(PASSWORD);

    await postgres.startServer();
    // The login begun before the outage was not taken by the refused launch: it finishes now.
    expect(await store.counts()).toEqual(countsBefore);
    const launched = await fetch(`${tool.url}/lti/launch`, form(fields));
    expect(launched.status).toBe(303);
    const fresh = await login();
    expect(fresh.res.status).toBe(302);
    expect((await fetch(`${tool.url}/lti/launch`, form(await launchFields(fresh.auth!)))).status).toBe(303);
  }, 60_000);
});
