/**
 * Past one machine, proven: two instances of the app behind Debian's nginx configured by
 * deploy/standards-explorer.nginx.conf, checked through nginx. Runs where nginx is
 * installed (`.ci/run` installs it); says it skipped elsewhere.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { compressAssets } from './compress-assets';
import { DEFAULT_DATA } from './config';
import { CA_MATH, openApi, REAL_DATA } from './test-support/real-api';
import { listen } from './test-support/listen';
import { startTestPlatform } from './test-support/lti-platform';
import { nginxBinary, realDataEnv, removeFolder, startInstance, startNginx, workFolder, type Running } from './test-support/scale-out';

const NGINX = nginxBinary();
if (!NGINX) console.warn('scale-out test skipped: nginx is not installed (apt-get install nginx; .ci/run does).');

const LIST = `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CA_MATH}&limit=100`;
const ITEM = '/api/v0/academic-standards/5ebef26f-d7cc-11e8-824f-0242ac160002';
const status = (r: Response) => r.headers.get('x-cache-status');

/** The data copied into the test's folder (so a data update can change it), and a small built app. */
function prepare(dir: string) {
  const dataDirs = DEFAULT_DATA.map((d, i) => {
    const to = join(dir, `data-${i}`);
    cpSync(d, to, { recursive: true });
    return to;
  });
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Standards Explorer</title>');
  writeFileSync(join(dist, 'embed.html'), '<!doctype html><title>Standards picker</title>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(
    join(dist, 'assets', 'app-3f2a.js'),
    Array.from({ length: 400 }, (_, i) => `export const s${i} = 'standard ${i}';`).join('\n'),
  );
  compressAssets(join(dist, 'assets'));
  return { dataDirs, dist };
}

async function get(base: string, path: string, headers: Record<string, string> = {}) {
  const r = await fetch(base + path, { headers: { 'accept-encoding': 'identity', ...headers } });
  await r.arrayBuffer();
  return r;
}

describe.skipIf(!NGINX)('two instances behind nginx', () => {
  const dir = workFolder('scale-out');
  const { dataDirs, dist } = prepare(dir);
  const env = {
    ...realDataEnv(dataDirs),
    STANDARDS_CACHE_DIR: join(dir, 'db'),
    STANDARDS_DIST_DIR: dist,
    STANDARDS_MAX_AGE: '2',
    STANDARDS_STALE_WHILE_REVALIDATE: '2',
    EMBED_ALLOWED_ORIGINS: 'https://lms.example.edu',
  };
  let a: Running;
  let b: Running;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  beforeAll(async () => {
    // Started together on one cache folder: one imports, the other waits for it.
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    nginx = await startNginx(join(dir, 'nginx'), [a.url, b.url]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), nginx?.stop()]);
    removeFolder(dir);
  });

  it('both serve one build, imported once', async () => {
    const [ha, hb] = await Promise.all([a, b].map(async (i) => (await fetch(`${i.url}/healthz`)).json() as Promise<{ buildId: string }>));
    expect(ha!.buildId).toBe(hb!.buildId);
    // One data database (the other file is the LTI tool's store, shared too).
    expect(readdirSync(join(dir, 'db')).filter((f) => f.endsWith('.sqlite') && f !== 'lti.sqlite')).toHaveLength(1);
    expect([a.output(), b.output()].filter((o) => o.includes('waiting for it to finish')).length).toBeLessThanOrEqual(1);
  });

  it('a repeated list page and item come from the cache; a conditional request gets 304', async () => {
    for (const path of [LIST, ITEM]) {
      const first = await get(nginx.url, path);
      expect(first.status).toBe(200);
      expect(status(first)).toMatch(/MISS|EXPIRED/);
      const again = await get(nginx.url, path);
      expect(status(again)).toBe('HIT');
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
      const conditional = await get(nginx.url, path, { 'if-none-match': first.headers.get('etag')! });
      expect(conditional.status).toBe(304);
    }
  });

  it('Brotli, gzip and plain answers are never mixed up (Vary honoured), for the API and the assets', async () => {
    const big = `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CA_MATH}&limit=400`;
    for (const path of [big, '/assets/app-3f2a.js']) {
      // The plain one first: it must not become what a Brotli-accepting browser gets.
      const plain = await get(nginx.url, path);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/i);
      for (const encoding of ['br', 'gzip']) {
        const first = await get(nginx.url, path, { 'accept-encoding': encoding });
        expect(first.headers.get('content-encoding')).toBe(encoding);
        const again = await get(nginx.url, path, { 'accept-encoding': encoding });
        expect(again.headers.get('content-encoding')).toBe(encoding);
        expect(status(again)).toBe('HIT');
        if (path.startsWith('/api/')) expect(again.headers.get('etag')).not.toBe(plain.headers.get('etag'));
      }
      const plainAgain = await get(nginx.url, path);
      expect(plainAgain.headers.get('content-encoding')).toBeNull();
    }
  });

  it('the web app and the embed: hashed assets kept a year, HTML and the service worker revalidated, framing rules unchanged', async () => {
    const asset = await get(nginx.url, '/assets/app-3f2a.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/sw.js', '/embed']) {
      await get(nginx.url, path);
      const again = await get(nginx.url, path);
      expect(again.headers.get('cache-control')).toBe('no-cache');
      expect(status(again)).not.toBe('HIT');
    }
    const direct = await get(a.url, '/embed');
    const through = await get(nginx.url, '/embed');
    expect(through.headers.get('content-security-policy')).toBe(direct.headers.get('content-security-policy'));
    expect(through.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://lms.example.edu");
    expect((await get(nginx.url, '/')).headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('errors are never cached as answers', async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await get(nginx.url, '/api/v0/academic-standards/00000000-0000-4000-8000-000000000000');
      expect(missing.status).toBe(404);
      expect(status(missing)).not.toBe('HIT');
      const bad = await get(nginx.url, `${LIST}&cursor=not-a-cursor`);
      expect(bad.status).toBe(400);
      expect(status(bad)).not.toBe('HIT');
    }
  });

  it('a cursor from one instance pages on the other: a walk through nginx never breaks', async () => {
    let cursor: string | null = null;
    let seen = 0;
    do {
      const r = await fetch(`${nginx.url}${LIST}${cursor ? `&cursor=${cursor}` : ''}`, { headers: { 'cache-control': 'no-cache' } });
      expect(r.status).toBe(200);
      const page = (await r.json()) as { data: unknown[]; pagination: { nextCursor: string | null } };
      seen += page.data.length;
      cursor = page.pagination.nextCursor;
    } while (cursor);
    expect(seen).toBeGreaterThan(800);
  });

  it('the LTI tool: a login on one instance is launched on the other, once; one key, revalidated through the cache, pages never cached', async () => {
    // Both instances open the LTI store in the shared STANDARDS_CACHE_DIR.
    const platform = await startTestPlatform({ hostname: '127.0.0.1' });
    try {
      const config = encodeURIComponent(`${platform.url}/.well-known/openid-configuration`);
      expect(
        (await fetch(`${a.url}/lti/register?openid_configuration=${config}&registration_token=${platform.registrationToken}`)).status,
      ).toBe(200);
      const registration = platform.registrations.at(-1)!;
      const { loginHint, hint } = platform.prepareLaunch();
      const login = await fetch(`${a.url}/lti/login`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({
          iss: platform.issuer,
          login_hint: loginHint,
          lti_message_hint: hint,
          target_link_uri: `${a.url}/lti/launch`,
          client_id: registration.clientId,
        }),
      });
      const auth = new URL(login.headers.get('location')!);
      const fields = new URLSearchParams({
        id_token: await platform.signIdToken(platform.launchClaims({}, auth.searchParams.get('nonce')!)),
        state: auth.searchParams.get('state')!,
      });
      const onB = await fetch(`${b.url}/lti/launch`, { method: 'POST', body: fields, redirect: 'manual' });
      expect(onB.status).toBe(303);
      const replayOnA = await fetch(`${a.url}/lti/launch`, { method: 'POST', body: fields, redirect: 'manual' });
      expect(replayOnA.status).toBe(401);

      const keys = await Promise.all(
        [a.url, b.url, nginx.url].map(
          async (u) => ((await (await fetch(`${u}/lti/jwks`)).json()) as { keys: Array<{ kid: string }> }).keys[0]!.kid,
        ),
      );
      expect(new Set(keys).size).toBe(1);
      // no-cache: after a key rotation no cache may keep handing out a key set without the new key.
      await get(nginx.url, '/lti/jwks');
      expect(status(await get(nginx.url, '/lti/jwks'))).not.toBe('HIT');
      await get(nginx.url, '/lti');
      expect(status(await get(nginx.url, '/lti'))).not.toBe('HIT');
    } finally {
      await platform.close();
    }
  });

  it('with one instance killed, every request still answers', async () => {
    await b.stop('SIGKILL');
    const paths = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? ITEM : `${LIST}&gradeLevel=${(i % 12) + 1}`));
    const answers = await Promise.all(paths.map((p) => get(nginx.url, p)));
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    b = await startInstance(env);
  });

  it('a data update (SIGHUP on every instance) shows through the cache within max-age + stale-while-revalidate, and an old cursor never gives a wrong item', async () => {
    const before = await fetch(`${nginx.url}${ITEM}`).then((r) => r.json() as Promise<{ description: string }>);
    const firstPage = (await fetch(`${nginx.url}${LIST}`).then((r) => r.json())) as { pagination: { nextCursor: string } };
    // The export changes: 3.NF.A.1's text, as a new release would.
    const nodes = join(dataDirs[0]!, 'nodes.jsonl');
    const written = JSON.stringify(before.description).slice(1, -1); // as the JSONL holds it, escapes and all
    const lines = readFileSync(nodes, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.includes(ITEM.split('/').at(-1)!));
    expect(lines[at]).toContain(written);
    lines[at] = lines[at]!.replace(written, `UPDATED ${written}`);
    writeFileSync(nodes, lines.join('\n'));
    const instances = [a, b];
    const builds = await Promise.all(
      instances.map(async (i) => ((await (await fetch(`${i.url}/healthz`)).json()) as { buildId: string }).buildId),
    );
    for (const i of instances) i.process.kill('SIGHUP');
    for (const [n, i] of instances.entries()) {
      const end = Date.now() + 60_000;
      while (((await (await fetch(`${i.url}/healthz`)).json()) as { buildId: string }).buildId === builds[n]) {
        if (Date.now() > end) throw new Error(`instance ${n} did not swap its data:\n${i.output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    // max-age=2 + stale-while-revalidate=2 in this test: the new text is served within 4 s (and a little).
    const end = Date.now() + 8_000;
    let description = before.description;
    while (!description.startsWith('UPDATED') && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 500));
      description = ((await fetch(`${nginx.url}${ITEM}`).then((r) => r.json())) as { description: string }).description;
    }
    expect(description.startsWith('UPDATED')).toBe(true);
    // The old walk's next page: the page it was (cached), or a clear 400 — never new data under an old cursor.
    const next = await fetch(`${nginx.url}${LIST}&cursor=${firstPage.pagination.nextCursor}`);
    if (next.status === 400) expect(((await next.json()) as { message: string }).message).toMatch(/issued on other data/);
    else expect(next.status).toBe(200);
  }, 90_000);
});

describe.skipIf(!NGINX)('behind nginx with keys, and in proxy mode', () => {
  const dir = workFolder('scale-out-keys');
  const { dataDirs, dist } = prepare(dir);
  const servers: Array<{ stop: () => Promise<void> }> = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    removeFolder(dir);
  });

  it('an answer to one key is never served to another key or to none, and a 401 is never cached', async () => {
    const env = {
      ...realDataEnv(dataDirs),
      STANDARDS_CACHE_DIR: join(dir, 'db'),
      STANDARDS_DIST_DIR: dist,
      STANDARDS_API_KEYS: 'key-one,key-two',
    };
    const [a, b] = [await startInstance(env), await startInstance(env)];
    const nginx = await startNginx(join(dir, 'nginx-keys'), [a.url, b.url]);
    servers.push(a, b, nginx);
    for (let i = 0; i < 2; i++) {
      const one = await get(nginx.url, ITEM, { 'x-api-key': 'key-one' });
      expect(one.status).toBe(200);
      expect(one.headers.get('cache-control')).toMatch(/^private/);
      expect(status(one)).not.toBe('HIT');
      const none = await get(nginx.url, ITEM);
      expect(none.status).toBe(401);
      expect(status(none)).not.toBe('HIT');
      expect((await get(nginx.url, ITEM, { 'x-api-key': 'wrong' })).status).toBe(401);
      expect((await get(nginx.url, ITEM, { 'x-api-key': 'key-two' })).status).toBe(200);
    }
  });

  it('503 “preparing” answers are never cached as answers, and nginx says the instance is busy rather than failing', async () => {
    const preparing = await listen(createApp({ preparing: () => ({ percent: 42 }), logError: () => {} }).fetch);
    servers.push({ stop: () => preparing.close() });
    const nginx = await startNginx(join(dir, 'nginx-preparing'), [preparing.url]);
    servers.push(nginx);
    for (let i = 0; i < 3; i++) {
      const r = await get(nginx.url, ITEM);
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBeTruthy();
      expect(status(r)).not.toBe('HIT');
    }
    expect(readdirSync(nginx.cacheDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toEqual([]);
  });

  it('in proxy mode the hosted service’s answers are cached only as it allows, and the server’s key is in nothing cached', async () => {
    // The "hosted service": this project's API on the real data, asking for a key.
    const hosted = await listen((await openApi(REAL_DATA, { apiKeys: ['the-servers-secret-key'] })).app.fetch);
    servers.push({ stop: () => hosted.close() });
    const env = { STANDARDS_DIST_DIR: dist, LC_API_KEY: 'the-servers-secret-key', LC_API_BASE_URL: `${hosted.url}/api/v0` };
    const [a, b] = [await startInstance(env), await startInstance(env)];
    const nginx = await startNginx(join(dir, 'nginx-proxy'), [a.url, b.url]);
    servers.push(a, b, nginx);
    for (let i = 0; i < 2; i++) {
      const r = await get(nginx.url, ITEM);
      expect(r.status).toBe(200);
      // The hosted answer is private (keyed): nginx keeps none of it.
      expect(r.headers.get('cache-control')).toMatch(/private|no-store/);
      expect(status(r)).not.toBe('HIT');
    }
    // A hosted service whose answers are public: they are cached as it allows, the key in none of them.
    const open = await listen((await openApi(REAL_DATA)).app.fetch);
    servers.push({ stop: () => open.close() });
    const publicEnv = { ...env, LC_API_BASE_URL: `${open.url}/api/v0` };
    const [c, d] = [await startInstance(publicEnv), await startInstance(publicEnv)];
    const publicNginx = await startNginx(join(dir, 'nginx-proxy-public'), [c.url, d.url]);
    servers.push(c, d, publicNginx);
    const first = await get(publicNginx.url, ITEM);
    expect(first.headers.get('cache-control')).toMatch(/^public/);
    expect(status(await get(publicNginx.url, ITEM))).toBe('HIT');
    for (const cacheDir of [nginx.cacheDir, publicNginx.cacheDir]) {
      const cached = readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      if (cacheDir === publicNginx.cacheDir) expect(cached.length).toBeGreaterThan(0);
      for (const file of cached) expect(readFileSync(join(file.parentPath, file.name), 'latin1')).not.toContain('the-servers-secret-key');
    }
  });
});
