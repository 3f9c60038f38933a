/**
 * The store's schema over time, in both stores: a store made by the first LTI build (its
 * SQL written out here as that build ran it) is upgraded in place at start with nothing
 * lost, its one key becoming the current one; a store a newer build upgraded is refused
 * with a message naming both versions and what to do.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from './lti-schema';
import { LtiStoreVersionError } from './store-errors';
import { PgLtiStore } from './pg-lti-store';
import { SqliteLtiStore } from './sqlite-lti-store';
import { toolKey } from './tool-key';
import { sqliteFile, storeKinds } from '../test-support/lti-stores';

const { kinds, stop } = storeKinds();
afterAll(stop);
const [sqlite, postgres] = kinds as [(typeof kinds)[0], (typeof kinds)[0]];

// The first build's schema, exactly as its lti-store.ts created it (it set no user_version).
const FIRST_BUILD_SQLITE = `
CREATE TABLE IF NOT EXISTS tool_key (slot INTEGER PRIMARY KEY CHECK (slot = 1), kid TEXT NOT NULL, private_jwk TEXT NOT NULL, public_jwk TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS platform (
  issuer TEXT NOT NULL, client_id TEXT NOT NULL, auth_url TEXT NOT NULL, jwks_url TEXT NOT NULL,
  token_url TEXT, name TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (issuer, client_id));
CREATE TABLE IF NOT EXISTS deployment (
  issuer TEXT NOT NULL, client_id TEXT NOT NULL, deployment_id TEXT NOT NULL, PRIMARY KEY (issuer, client_id, deployment_id));
CREATE TABLE IF NOT EXISTS login (state TEXT PRIMARY KEY, nonce TEXT NOT NULL, issuer TEXT NOT NULL, client_id TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS used_nonce (issuer TEXT NOT NULL, nonce TEXT NOT NULL, used_at INTEGER NOT NULL, PRIMARY KEY (issuer, nonce));
CREATE TABLE IF NOT EXISTS deep_link (id TEXT PRIMARY KEY, session TEXT NOT NULL, created_at INTEGER NOT NULL);
`;
// Version 1 in PostgreSQL: the same tables, times as BIGINT, and the version recorded.
const VERSION_1_POSTGRES = `${FIRST_BUILD_SQLITE.replaceAll('INTEGER NOT NULL', 'BIGINT NOT NULL')}
CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1);`;

const ROWS = () => `
INSERT INTO tool_key VALUES (1, 'kid-of-the-first-build', '{"kty":"RSA"}', '{"kty":"RSA","kid":"kid-of-the-first-build"}', ${Date.now()});
INSERT INTO platform VALUES ('https://moodle.school.edu', 'client-1', 'https://moodle.school.edu/auth', 'https://moodle.school.edu/jwks', NULL, 'Moodle', ${Date.now()});
INSERT INTO deployment VALUES ('https://moodle.school.edu', 'client-1', 'deployment-1');
INSERT INTO used_nonce VALUES ('https://moodle.school.edu', 'nonce-1', ${Date.now()});
`;

async function pgExec(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Version-1 stores with one registration in each, and how to open them. */
const firstBuildStores = [
  {
    kind: sqlite,
    make: async () => {
      const file = sqliteFile();
      const db = new Database(file);
      db.exec(FIRST_BUILD_SQLITE + ROWS());
      db.close();
      return file;
    },
    setVersion: async (file: string, version: number) => {
      const db = new Database(file);
      db.pragma(`user_version = ${version}`);
      db.close();
    },
    open: (where: string) => new SqliteLtiStore(where),
  },
  {
    kind: postgres,
    make: async () => {
      const url = await postgres.fresh();
      await pgExec(url, VERSION_1_POSTGRES + ROWS());
      return url;
    },
    setVersion: (url: string, version: number) => pgExec(url, `UPDATE schema_version SET version = ${version}`),
    open: (where: string) => new PgLtiStore(where),
  },
];

for (const { kind, make, setVersion, open } of firstBuildStores)
  describe.skipIf(kind.skip)(`the ${kind.name} store's schema`, () => {
    it('upgrades a store of the first build in place, keeping its registrations, nonces and key', async () => {
      const where = await make();
      const store = open(where);
      await store.ready();
      expect(await store.schemaVersion()).toBe(SCHEMA_VERSION);
      expect(await store.platforms()).toEqual([
        expect.objectContaining({ issuer: 'https://moodle.school.edu', clientId: 'client-1', name: 'Moodle' }),
      ]);
      expect(await store.deployments('https://moodle.school.edu', 'client-1')).toEqual(['deployment-1']);
      expect(await store.acceptLaunch('https://moodle.school.edu', 'nonce-1', null)).toBe(false);
      expect(await store.currentKey()).toMatchObject({ kid: 'kid-of-the-first-build', retiredAt: null, current: true });
      await store.close();
      // Opened again: recognised as upgraded, nothing run twice.
      const again = open(where);
      await again.ready();
      expect((await again.counts()).platforms).toBe(1);
      await again.close();
    });

    it('refuses a store a newer build upgraded, naming both versions', async () => {
      const where = await make();
      await setVersion(where, SCHEMA_VERSION + 7);
      const opening = async () => {
        const store = open(where);
        try {
          await store.ready();
        } finally {
          await store.close();
        }
      };
      const refusal = await opening().then(
        () => null,
        (e: unknown) => e,
      );
      expect(refusal).toBeInstanceOf(LtiStoreVersionError);
      expect((refusal as Error).message).toMatch(
        new RegExp(`schema version ${SCHEMA_VERSION + 7}, newer than this build's ${SCHEMA_VERSION}`),
      );
      expect((refusal as Error).message).toMatch(/Run that newer build.*or restore the store from a backup/);
    });
  });

it('makes a new empty SQLite store at the current version', async () => {
  const store = new SqliteLtiStore(sqliteFile());
  expect(await store.schemaVersion()).toBe(SCHEMA_VERSION);
  expect(await toolKey(store)).toBeTruthy();
  await store.close();
});
