/**
 * The two LTI stores for tests that run against both: a fresh SQLite file, or a fresh
 * database on a test PostgreSQL (skipped, with a warning, where PostgreSQL is not installed).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LtiStore } from '../lti/lti-store';
import { PgLtiStore } from '../lti/pg-lti-store';
import { SqliteLtiStore } from '../lti/sqlite-lti-store';
import { POSTGRES_MISSING, postgresBin, startPostgres, type TestPostgres } from './postgres';

export const HAS_POSTGRES = postgresBin() !== null;

export interface StoreKind {
  name: 'SQLite' | 'PostgreSQL';
  /** True where this kind cannot run here. */
  skip: boolean;
  /** Where a new, empty store can be made: a file path or a database URL. */
  fresh: () => Promise<string>;
  /** A store object on `where` (each its own connection or pool, as another instance's would be). */
  open: (where: string, now?: () => number) => LtiStore;
}

export const sqliteFile = () => join(mkdtempSync(join(tmpdir(), 'lti-store-')), 'lti.sqlite');

/** Both kinds, PostgreSQL started on first use and stopped by `stop`. */
export function storeKinds(): { kinds: StoreKind[]; postgres: () => Promise<TestPostgres>; stop: () => void } {
  if (!HAS_POSTGRES) console.warn(`${POSTGRES_MISSING}: the PostgreSQL store's tests are skipped.`);
  let server: Promise<TestPostgres> | null = null;
  const postgres = () => (server ??= startPostgres());
  return {
    kinds: [
      { name: 'SQLite', skip: false, fresh: async () => sqliteFile(), open: (where, now) => new SqliteLtiStore(where, now) },
      {
        name: 'PostgreSQL',
        skip: !HAS_POSTGRES,
        fresh: async () => (await postgres()).createDatabase(),
        open: (where, now) => new PgLtiStore(where, now, 2),
      },
    ],
    postgres,
    stop: async () => {
      if (server) (await server).stop();
    },
  };
}
