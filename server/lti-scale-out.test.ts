/**
 * The LTI tool on several machines, proven: a real PostgreSQL, two instances as `npm start`
 * runs them (separate processes, separate cache folders: nothing shared but the database)
 * behind Debian's nginx configured by deploy/standards-explorer.multi-machine.nginx.conf,
 * and the test LMS. Runs where nginx and PostgreSQL are installed (`.ci/run` installs
 * both); says it skipped elsewhere.
 */
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, SAMPLE_DATA } from './config';
import { PgLtiStore } from './lti/pg-lti-store';
import { startTestPlatform, type TestPlatform } from './test-support/lti-platform';
import { POSTGRES_MISSING, postgresBin, startPostgres, type TestPostgres } from './test-support/postgres';
import {
  freePort,
  MULTI_MACHINE_NGINX_CONF,
  nginxBinary,
  realDataEnv,
  removeFolder,
  startInstance,
  startNginx,
  workFolder,
  type Running,
} from './test-support/scale-out';

const NGINX = nginxBinary();
const POSTGRES = postgresBin();
if (!NGINX) console.warn('LTI scale-out test skipped: nginx is not installed (apt-get install nginx; .ci/run does).');
if (!POSTGRES) console.warn(`LTI scale-out test skipped: ${POSTGRES_MISSING}.`);

const STACK_TRACE = /at .*\.(ts|js|mjs):\d+|node_modules|\bError:/;
const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' as const });
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;

describe.skipIf(!NGINX || !POSTGRES)('the LTI tool on two machines sharing PostgreSQL, behind nginx', () => {
  const dir = workFolder('lti-scale-out');
  let postgres: TestPostgres;
  let databaseUrl: string;
  let a: Running;
  let b: Running;
  let nginx: Running;
  let platform: TestPlatform;
  let publicUrl: string;
  /** Instance n as its own machine: its own cache folder, the same database. */
  const machine = (n: string) => {
    mkdirSync(join(dir, n), { recursive: true });
    return startInstance({
      ...realDataEnv([SAMPLE_DATA]),
      STANDARDS_CACHE_DIR: join(dir, n, 'cache'),
      STANDARDS_DIST_DIR: join(dir, 'dist'),
      STANDARDS_LTI_DATABASE_URL: databaseUrl,
      STANDARDS_PUBLIC_URL: publicUrl,
    });
  };

  beforeAll(async () => {
    mkdirSync(join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>Standards Explorer</title>');
    writeFileSync(join(dir, 'dist', 'embed.html'), '<!doctype html><title>Standards picker</title>');
    postgres = await startPostgres();
    databaseUrl = await postgres.createDatabase();
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    // Started together on one empty database: the schema is made once.
    [a, b] = await Promise.all([machine('a'), machine('b')]);
    nginx = await startNginx(join(dir, 'nginx'), [a.url, b.url], undefined, { conf: MULTI_MACHINE_NGINX_CONF, port });
    platform = await startTestPlatform({ hostname: '127.0.0.1' });
    const config = encodeURIComponent(`${platform.url}/.well-known/openid-configuration`);
    const registered = await fetch(
      `${publicUrl}/lti/register?openid_configuration=${config}&registration_token=${platform.registrationToken}`,
    );
    expect(registered.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), nginx?.stop(), platform?.close()]);
    postgres?.stop();
    removeFolder(dir);
  });

  /** The OIDC login at `base`: the state and nonce the tool sent to the platform. */
  async function login(base: string) {
    const { loginHint, hint } = platform.prepareLaunch();
    const res = await fetch(
      `${base}/lti/login`,
      form({
        iss: platform.issuer,
        login_hint: loginHint,
        lti_message_hint: hint,
        target_link_uri: `${publicUrl}/lti/launch`,
        client_id: platform.registrations.at(-1)!.clientId,
      }),
    );
    expect(res.status).toBe(302);
    const auth = new URL(res.headers.get('location')!);
    return { state: auth.searchParams.get('state')!, nonce: auth.searchParams.get('nonce')! };
  }
  /** The platform's signed answer to that login, as the browser posts it to the tool. */
  const launchOf = async ({ state, nonce }: { state: string; nonce: string }) => ({
    state,
    id_token: await platform.signIdToken(platform.launchClaims({}, nonce)),
  });
  const launch = (base: string, fields: Record<string, string>) => fetch(`${base}/lti/launch`, form(fields));
  /** A deep-linking answer (Cancel: no standards needed) signed by whichever instance serves `base`. */
  async function answerFrom(base: string) {
    const launched = await launch(base, await launchOf(await login(base)));
    expect(launched.status).toBe(303);
    const session = new URL(launched.headers.get('location')!, base).searchParams.get('lti')!;
    const page = await (await fetch(`${base}/lti/deep-link`, form({ session, action: 'cancel' }))).text();
    return hidden(page, 'JWT')!;
  }

  it('a login on one instance is launched on the other; a replay is refused on either', async () => {
    const fields = await launchOf(await login(a.url));
    expect((await launch(b.url, fields)).status).toBe(303);
    for (const base of [a.url, b.url, publicUrl]) {
      const replay = await launch(base, fields);
      expect(replay.status).toBe(401);
      expect(await replay.text()).toContain('already used');
    }
  });

  it('50 concurrent launches carrying one launch message, or one nonce, give exactly one success', async () => {
    const fields = await launchOf(await login(a.url));
    const bases = [a.url, b.url, publicUrl];
    const same = await Promise.all(Array.from({ length: 50 }, (_, i) => launch(bases[i % 3]!, fields)));
    expect(same.filter((r) => r.status === 303)).toHaveLength(1);
    expect(same.filter((r) => r.status === 401)).toHaveLength(49);

    // 50 logins that share one nonce (written straight into the store): the state of each is
    // good, so only the nonce can refuse 49 of them.
    const store = new PgLtiStore(databaseUrl);
    const registration = platform.registrations.at(-1)!;
    const nonce = `shared-${Date.now()}`;
    for (let i = 0; i < 50; i++)
      await store.saveLogin({ state: `${nonce}-${i}`, nonce, issuer: platform.issuer, clientId: registration.clientId });
    await store.close();
    const idToken = await platform.signIdToken(platform.launchClaims({}, nonce));
    const shared = await Promise.all(
      Array.from({ length: 50 }, (_, i) => launch(bases[i % 3]!, { state: `${nonce}-${i}`, id_token: idToken })),
    );
    expect(shared.filter((r) => r.status === 303)).toHaveLength(1);
    const refused = await Promise.all(shared.filter((r) => r.status !== 303).map((r) => r.text()));
    expect(refused).toHaveLength(49);
    for (const html of refused) expect(html).toContain('This launch message was already used');
  });

  it('a rotated key verifies at a platform that fetched the JWKS before and after the rotation', async () => {
    // The platform's key cache, filled before the rotation; it refetches for an unknown kid.
    const platformKeys = createRemoteJWKSet(new URL(`${publicUrl}/lti/jwks`), { cooldownDuration: 0 });
    const verify = (jwt: string) => jwtVerify(jwt, platformKeys, { algorithms: ['RS256'], audience: platform.issuer });
    const before = await answerFrom(a.url);
    await verify(before);
    const rotated = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', join(PROJECT_ROOT, 'server', 'cli', 'lti.ts'), 'rotate-key', '--grace', '1d'],
        { cwd: PROJECT_ROOT, env: { ...process.env, STANDARDS_LTI_DATABASE_URL: databaseUrl } },
        (error, out, err) => (error ? reject(new Error(err)) : resolve(out)),
      ),
    );
    const newKid = /New signing key (\S+):/.exec(rotated)![1];
    // Both instances sign with the new key at once.
    const afterOnB = await answerFrom(b.url);
    const afterOnA = await answerFrom(a.url);
    expect([decodeProtectedHeader(afterOnB).kid, decodeProtectedHeader(afterOnA).kid]).toEqual([newKid, newKid]);
    expect(decodeProtectedHeader(before).kid).not.toBe(newKid);
    for (const jwt of [before, afterOnB, afterOnA]) {
      await verify(jwt);
      // The test LMS fetches the JWKS anew for each answer, through nginx.
      expect((await fetch(`${platform.url}/deep-link-return`, form({ JWT: jwt }))).status).toBe(200);
    }
    const jwks = (await (await fetch(`${publicUrl}/lti/jwks`)).json()) as { keys: Array<{ kid: string }> };
    expect(jwks.keys.map((k) => k.kid)).toEqual([newKid, decodeProtectedHeader(before).kid]);
  });

  it('PostgreSQL restarted during traffic: clear 503 pages, no stack trace, and recovery without restarting the tool', async () => {
    const answers: Array<{ status: number; body: string }> = [];
    let running = true;
    const traffic = (async () => {
      for (let i = 0; running; i++) {
        const base = [a.url, b.url, publicUrl][i % 3]!;
        const res =
          i % 2 === 0
            ? await fetch(`${base}/lti/jwks`)
            : await fetch(
                `${base}/lti/login`,
                form({
                  iss: platform.issuer,
                  login_hint: 'u',
                  target_link_uri: `${publicUrl}/lti/launch`,
                  client_id: platform.registrations.at(-1)!.clientId,
                }),
              );
        answers.push({ status: res.status, body: await res.text() });
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    await postgres.stopServer();
    await new Promise((r) => setTimeout(r, 1000));
    await postgres.startServer();
    await new Promise((r) => setTimeout(r, 500));
    running = false;
    await traffic;
    const statuses = new Set(answers.map((r) => r.status));
    expect([...statuses].sort()).toEqual([200, 302, 503]);
    for (const r of answers) {
      expect(r.body).not.toMatch(STACK_TRACE);
      if (r.status === 503) expect(r.body).toContain('The tool cannot reach its storage just now');
    }
    // The same processes, a whole launch on each.
    for (const base of [a.url, b.url]) expect((await launch(base, await launchOf(await login(base)))).status).toBe(303);
    expect([a.output(), b.output()].join('\n')).not.toMatch(/Cannot start|unhandled/i);
  });

  it('an instance killed between login and launch loses nothing: the flow finishes on the other', async () => {
    const fields = await launchOf(await login(a.url));
    await a.stop('SIGKILL');
    // Through nginx, which finds A gone and sends the launch to B.
    const res = await launch(publicUrl, fields);
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, publicUrl).pathname).toBe('/embed');
  });
});
