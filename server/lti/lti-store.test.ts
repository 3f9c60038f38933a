/**
 * The LTI store's contract, run against both stores (SQLite and PostgreSQL) alike: store
 * objects on one file or database behave as instances do. A login started on one is
 * finished on another, once, even with 50 takers at the same moment on separate
 * connections; a nonce is accepted once; the signing key is one everywhere, rotates, and
 * its predecessor leaves the JWKS after its grace; expired rows are dropped; everything can
 * be dumped and loaded elsewhere.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEEP_LINK_TTL_MS, LOGIN_TTL_MS, NONCE_TTL_MS, type DeepLinkSession, type LtiStore } from './lti-store';
import { SCHEMA_VERSION } from './lti-schema';
import { makeKey, publishedJwks, toolKey } from './tool-key';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../config';
import { SqliteLtiStore } from './sqlite-lti-store';
import { sqliteFile, storeKinds } from '../test-support/lti-stores';

const THREAD_ENTRY = join(PROJECT_ROOT, 'server', 'thread-entry.mjs');
const TAKER = join(PROJECT_ROOT, 'server', 'test-support', 'sqlite-taker.ts');

const { kinds, stop } = storeKinds();
afterAll(stop);

const platform = {
  issuer: 'https://lms.example.edu',
  clientId: 'c1',
  authUrl: 'https://lms.example.edu/auth',
  jwksUrl: 'https://lms.example.edu/jwks',
  tokenUrl: null,
  name: 'LMS',
};
const session = (id: string): DeepLinkSession => ({
  id,
  issuer: platform.issuer,
  clientId: platform.clientId,
  deploymentId: 'd1',
  returnUrl: 'https://lms.example.edu/return',
  data: 'opaque',
  acceptTypes: ['html'],
  acceptMultiple: true,
  locale: 'en',
  createdAt: 1,
});
const TAKERS = 50;
const closeAll = (stores: LtiStore[]) => Promise.all(stores.map((s) => s.close()));

for (const kind of kinds)
  describe.skipIf(kind.skip)(`the LTI store in ${kind.name}`, () => {
    it('finishes on one instance a login another started, and only once', async () => {
      const where = await kind.fresh();
      const [a, b] = [kind.open(where), kind.open(where)];
      await a.savePlatform(platform, ['d1']);
      expect(await b.deployments(platform.issuer, platform.clientId)).toEqual(['d1']);
      await a.saveLogin({ state: 's1', nonce: 'n1', issuer: platform.issuer, clientId: platform.clientId });
      expect(await b.takeLogin('s1')).toMatchObject({ nonce: 'n1', issuer: platform.issuer, clientId: platform.clientId });
      expect(await a.takeLogin('s1')).toBeNull();
      expect(await b.acceptLaunch(platform.issuer, 'n1', session('dl1'))).toBe(true);
      expect(await a.acceptLaunch(platform.issuer, 'n1', session('dl2'))).toBe(false);
      // The refused launch stored nothing.
      expect(await a.deepLink('dl2')).toBeNull();
      expect(await a.deepLink('dl1')).toMatchObject({ data: 'opaque', acceptTypes: ['html'] });
      expect(await b.takeDeepLink('dl1')).toMatchObject({ returnUrl: 'https://lms.example.edu/return' });
      expect(await a.takeDeepLink('dl1')).toBeNull();
      await closeAll([a, b]);
    });

    it(`gives a login, a nonce and a deep-linking answer to exactly one of ${TAKERS} concurrent takers on separate connections`, async () => {
      const where = await kind.fresh();
      const stores = Array.from({ length: TAKERS }, () => kind.open(where));
      await Promise.all(stores.map((s) => s.ready()));
      const rounds = 3;
      for (let round = 0; round < rounds; round++) {
        await stores[0]!.saveLogin({ state: `s${round}`, nonce: `n${round}`, issuer: platform.issuer, clientId: platform.clientId });
        const logins = await Promise.all(stores.map((s) => s.takeLogin(`s${round}`)));
        expect(logins.filter((l) => l !== null)).toHaveLength(1);
        const launches = await Promise.all(stores.map((s, i) => s.acceptLaunch(platform.issuer, `n${round}`, session(`r${round}-${i}`))));
        expect(launches.filter(Boolean)).toHaveLength(1);
        const winner = launches.indexOf(true);
        const answers = await Promise.all(stores.map((s) => s.takeDeepLink(`r${round}-${winner}`)));
        expect(answers.filter((a) => a !== null)).toHaveLength(1);
      }
      // Only the winners' sessions were ever stored, and each was taken.
      expect(await stores[0]!.counts()).toMatchObject({ logins: 0, nonces: rounds, deepLinks: 0 });
      await closeAll(stores);
    });

    it('lets logins, nonces and sessions expire, and drops expired rows', async () => {
      let now = 1_000_000_000;
      const store = kind.open(await kind.fresh(), () => now);
      await store.saveLogin({ state: 'old', nonce: 'n', issuer: platform.issuer, clientId: platform.clientId });
      await store.acceptLaunch(platform.issuer, 'used', session('old-session'));
      now += LOGIN_TTL_MS + 1;
      expect(await store.takeLogin('old')).toBeNull();
      await store.saveLogin({ state: 'a', nonce: 'n', issuer: platform.issuer, clientId: platform.clientId });
      await store.saveLogin({ state: 'b', nonce: 'n', issuer: platform.issuer, clientId: platform.clientId });
      now += LOGIN_TTL_MS + 1;
      await store.saveLogin({ state: 'c', nonce: 'n', issuer: platform.issuer, clientId: platform.clientId });
      expect((await store.counts()).logins).toBe(1);
      now += DEEP_LINK_TTL_MS;
      expect(await store.deepLink('old-session')).toBeNull();
      expect(await store.takeDeepLink('old-session')).toBeNull();
      // Within a day the nonce is still used; after it, it is forgotten and the row dropped.
      expect(await store.acceptLaunch(platform.issuer, 'used', null)).toBe(false);
      now += NONCE_TTL_MS;
      expect(await store.acceptLaunch(platform.issuer, 'other', null)).toBe(true);
      expect(await store.counts()).toMatchObject({ nonces: 1, deepLinks: 0 });
      await store.close();
    });

    it('keeps, updates and removes registrations', async () => {
      const store = kind.open(await kind.fresh());
      await store.savePlatform(platform);
      await store.savePlatform({ ...platform, jwksUrl: 'https://lms.example.edu/keys2' }, ['d2', 'd1']);
      await store.savePlatform({ ...platform, clientId: 'c2' });
      expect(await store.platforms()).toHaveLength(2);
      expect(await store.platforms('https://elsewhere.example')).toEqual([]);
      expect((await store.platform(platform.issuer, platform.clientId))!.jwksUrl).toBe('https://lms.example.edu/keys2');
      await store.addDeployment(platform.issuer, platform.clientId, 'd1');
      expect(await store.deployments(platform.issuer, platform.clientId)).toEqual(['d1', 'd2']);
      expect(await store.removePlatform(platform.issuer, platform.clientId)).toBe(true);
      expect(await store.removePlatform(platform.issuer, platform.clientId)).toBe(false);
      expect(await store.counts()).toMatchObject({ platforms: 1, deployments: 0 });
      await store.close();
    });

    it('signs with one key on every instance, even when they make it at the same moment, kept across restarts', async () => {
      const where = await kind.fresh();
      const [a, b] = [kind.open(where), kind.open(where)];
      const [ka, kb] = await Promise.all([toolKey(a), toolKey(b)]);
      expect(ka.kid).toBe(kb.kid);
      expect((await publishedJwks(b)).keys.map((k) => k.kid)).toEqual([ka.kid]);
      await closeAll([a, b]);
      const restarted = kind.open(where);
      expect((await toolKey(restarted)).kid).toBe(ka.kid);
      await restarted.close();
    });

    it('rotates the key: the new one signs at once everywhere, the old one is published until its grace ends', async () => {
      let now = 2_000_000_000;
      const where = await kind.fresh();
      const [a, b] = [kind.open(where, () => now), kind.open(where, () => now)];
      const first = await toolKey(a);
      const { current, previous } = await b.rotateKey(await makeKey(), 60_000);
      expect(previous).toMatchObject({ kid: first.kid, retiredAt: now, expiresAt: now + 60_000, current: false });
      expect((await toolKey(a)).kid).toBe(current.kid);
      expect((await a.publishedKeys()).map((k) => k.kid)).toEqual([current.kid, first.kid]);
      now += 59_999;
      expect(await a.publishedKeys()).toHaveLength(2);
      now += 1;
      expect((await a.publishedKeys()).map((k) => k.kid)).toEqual([current.kid]);
      // Dropped from the store too, private half and all.
      expect((await a.dump()).keys.map((k) => k.kid)).toEqual([current.kid]);
      await closeAll([a, b]);
    });

    it('dumps every row and loads them into an empty store, or over a full one when asked', async () => {
      const store = kind.open(await kind.fresh());
      await store.savePlatform(platform, ['d1']);
      await toolKey(store);
      await store.rotateKey(await makeKey(), 60_000);
      await store.saveLogin({ state: 's', nonce: 'n', issuer: platform.issuer, clientId: platform.clientId });
      await store.acceptLaunch(platform.issuer, 'n0', session('dl'));
      const dump = await store.dump();
      expect(dump.keys).toHaveLength(2);
      const copy = kind.open(await kind.fresh());
      await copy.load(dump, { replace: false });
      expect(await copy.dump()).toEqual(dump);
      await copy.load(dump, { replace: true });
      expect(await copy.dump()).toEqual(dump);
      await expect(copy.load(dump, { replace: false })).rejects.toThrow();
      await closeAll([store, copy]);
    });

    it('is made once by instances starting together on an empty store', async () => {
      const where = await kind.fresh();
      const stores = Array.from({ length: 5 }, () => kind.open(where));
      await Promise.all(stores.map((s) => s.ready()));
      expect(await Promise.all(stores.map((s) => s.schemaVersion()))).toEqual(stores.map(() => SCHEMA_VERSION));
      await closeAll(stores);
    });
  });

describe('the SQLite store shared by processes', () => {
  it('gives each login and nonce to exactly one of four threads racing for them, each with its own connection', async () => {
    const file = sqliteFile();
    const store = new SqliteLtiStore(file);
    const states = Array.from({ length: 300 }, (_, i) => `state-${i}`);
    for (const state of states) await store.saveLogin({ state, nonce: 'n', issuer: platform.issuer, clientId: platform.clientId });
    const start = new SharedArrayBuffer(4);
    const workers = Array.from({ length: 4 }, () => new Worker(THREAD_ENTRY, { workerData: { entry: TAKER, file, states, start } }));
    const results = workers.map(
      (w) =>
        new Promise<{ logins: string[]; nonces: string[] }>((resolve, reject) => {
          w.on('message', (m: { ready?: boolean; logins: string[]; nonces: string[] }) => m.ready || resolve(m));
          w.on('error', reject);
        }),
    );
    // Every thread opened the store and waits: all start at once.
    await Promise.all(workers.map((w) => new Promise((resolve) => w.once('message', resolve))));
    Atomics.store(new Int32Array(start), 0, 1);
    Atomics.notify(new Int32Array(start), 0);
    const won = await Promise.all(results);
    const logins = won.flatMap((r) => r.logins);
    const nonces = won.flatMap((r) => r.nonces);
    expect(logins.sort()).toEqual([...states].sort());
    expect(nonces.sort()).toEqual([...states].sort());
    // More than one thread won something: they really ran side by side.
    expect(won.filter((r) => r.logins.length > 0).length).toBeGreaterThan(1);
    await store.close();
  }, 60_000);
});
