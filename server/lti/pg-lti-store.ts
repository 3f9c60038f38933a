/**
 * The LTI store in PostgreSQL (STANDARDS_LTI_DATABASE_URL): for instances on several
 * machines, which all read and write the same rows. Through `pg`'s pool: a connection
 * lost (PostgreSQL restarted) is dropped from the pool and the next query opens a new
 * one, so the store recovers by itself; meanwhile every call fails with
 * LtiStoreUnavailable, which the tool shows as a 503 page. Take-once operations are single
 * `DELETE … RETURNING` statements, and a nonce is marked used by its primary key: of any
 * number of concurrent takers on any machines, exactly one wins.
 */
import pg from 'pg';
import { MIGRATIONS, SCHEMA_VERSION } from './lti-schema';
import {
  DEEP_LINK_TTL_MS,
  LOGIN_TTL_MS,
  NONCE_TTL_MS,
  type DeepLinkSession,
  type LtiStore,
  type NewKey,
  type PlatformRegistration,
  type StoreCounts,
  type StoreDump,
} from './lti-store';
import { LtiStoreUnavailable, LtiStoreVersionError } from './store-errors';
import { fresh, toKey, toLogin, toPlatform, toSession, type Row } from './store-rows';
import { isUnavailable, pgLocation } from './pg-connection';

const INT8 = 20;
// Times and counts are BIGINT, which pg hands over as strings; they fit a JS number.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export class PgLtiStore implements LtiStore {
  readonly kind = 'postgres';
  readonly location: string;
  private pool: pg.Pool;
  private upgraded: Promise<void> | null = null;

  constructor(
    url: string,
    private now: () => number = Date.now,
    poolSize = 10,
  ) {
    this.location = pgLocation(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      types,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      // A request waits at most this long for an answer; a stuck server becomes a 503, not a hung page.
      query_timeout: 10_000,
      application_name: 'standards-explorer-lti',
    });
    // An idle connection cut by the server (a restart) is reported here and dropped by the
    // pool; unheard, the event would end the process.
    this.pool.on('error', () => {});
  }

  /** Upgrades the schema once; a failure to reach the server is not kept, so the next call tries again. */
  ready(): Promise<void> {
    if (!this.upgraded) {
      this.upgraded = this.upgrade();
      this.upgraded.catch(() => (this.upgraded = null));
    }
    return this.upgraded;
  }

  /**
   * The migrations this database lacks, in one transaction under an advisory lock: two
   * instances starting on one empty database wait for each other, and the second finds
   * the schema done.
   */
  private upgrade() {
    return this.transaction(async (c) => {
      await c.query("SELECT pg_advisory_xact_lock(hashtext('standards-explorer lti schema'))");
      await c.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
      const found = ((await c.query('SELECT version FROM schema_version')).rows[0]?.version as number | undefined) ?? 0;
      if (found > SCHEMA_VERSION) throw new LtiStoreVersionError(this.location, found);
      for (let v = found; v < SCHEMA_VERSION; v++) await c.query(MIGRATIONS[v]!({ time: 'BIGINT' }));
      await c.query('DELETE FROM schema_version');
      await c.query('INSERT INTO schema_version (version) VALUES ($1)', [SCHEMA_VERSION]);
    }, false);
  }

  private failure(e: unknown): Error {
    if (e instanceof LtiStoreVersionError || e instanceof LtiStoreUnavailable) return e;
    return isUnavailable(e) ? new LtiStoreUnavailable(this.location, e) : (e as Error);
  }

  /**
   * `name` makes a statement PostgreSQL parses and plans once per connection: for those
   * every launch runs.
   */
  private async query(sql: string, params: unknown[] = [], name?: string): Promise<Row[]> {
    await this.ready();
    try {
      return (await this.pool.query({ text: sql, values: params, name })).rows as Row[];
    } catch (e) {
      throw this.failure(e);
    }
  }

  private async transaction<T>(work: (c: pg.PoolClient) => Promise<T>, upgradeFirst = true): Promise<T> {
    if (upgradeFirst) await this.ready();
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      throw this.failure(e);
    }
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      if (!(e instanceof LtiStoreVersionError) && isUnavailable(e)) broken = e as Error;
      await client.query('ROLLBACK').catch(() => {});
      throw this.failure(e);
    } finally {
      // A broken connection is closed rather than handed to the next request.
      client.release(broken);
    }
  }

  async schemaVersion() {
    return (await this.query('SELECT version FROM schema_version'))[0]!.version as number;
  }

  close = () => this.pool.end();

  async currentKey() {
    const [r] = await this.query('SELECT * FROM signing_key WHERE current_slot = 1');
    return r ? toKey(r) : null;
  }

  async addFirstKey(key: NewKey) {
    await this.query(
      'INSERT INTO signing_key (kid, private_jwk, public_jwk, created_at, current_slot) VALUES ($1, $2, $3, $4, 1) ON CONFLICT DO NOTHING',
      [key.kid, key.privateJwk, key.publicJwk, this.now()],
    );
    return (await this.currentKey())!;
  }

  rotateKey(key: NewKey, graceMs: number) {
    return this.transaction(async (c) => {
      const now = this.now();
      // The current row locked: a rotation elsewhere at the same moment waits, then replaces this one's key.
      const previous = (
        await c.query('UPDATE signing_key SET current_slot = NULL, retired_at = $1, expires_at = $2 WHERE current_slot = 1 RETURNING *', [
          now,
          now + graceMs,
        ])
      ).rows[0] as Row | undefined;
      const current = (
        await c.query(
          'INSERT INTO signing_key (kid, private_jwk, public_jwk, created_at, current_slot) VALUES ($1, $2, $3, $4, 1) RETURNING *',
          [key.kid, key.privateJwk, key.publicJwk, now],
        )
      ).rows[0] as Row;
      return { current: toKey(current), previous: previous ? toKey(previous) : null };
    });
  }

  async publishedKeys() {
    const now = this.now();
    await this.query('DELETE FROM signing_key WHERE current_slot IS NULL AND expires_at <= $1', [now]);
    return (
      await this.query(
        'SELECT * FROM signing_key WHERE current_slot = 1 OR expires_at > $1 ORDER BY current_slot IS NULL, created_at DESC',
        [now],
      )
    ).map(toKey);
  }

  savePlatform(p: PlatformRegistration, deploymentIds: readonly string[] = []) {
    return this.transaction(async (c) => {
      await c.query(
        `INSERT INTO platform (issuer, client_id, auth_url, jwks_url, token_url, name, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (issuer, client_id) DO UPDATE SET auth_url = excluded.auth_url, jwks_url = excluded.jwks_url,
           token_url = excluded.token_url, name = excluded.name`,
        [p.issuer, p.clientId, p.authUrl, p.jwksUrl, p.tokenUrl, p.name, this.now()],
      );
      for (const d of deploymentIds) await c.query(INSERT_DEPLOYMENT, [p.issuer, p.clientId, d]);
    });
  }

  async addDeployment(issuer: string, clientId: string, deploymentId: string) {
    await this.query(INSERT_DEPLOYMENT, [issuer, clientId, deploymentId]);
  }

  removePlatform(issuer: string, clientId: string) {
    return this.transaction(async (c) => {
      await c.query('DELETE FROM deployment WHERE issuer = $1 AND client_id = $2', [issuer, clientId]);
      return ((await c.query('DELETE FROM platform WHERE issuer = $1 AND client_id = $2', [issuer, clientId])).rowCount ?? 0) > 0;
    });
  }

  async platforms(issuer?: string) {
    const rows = issuer
      ? await this.query('SELECT * FROM platform WHERE issuer = $1 ORDER BY created_at', [issuer])
      : await this.query('SELECT * FROM platform ORDER BY created_at');
    return rows.map(toPlatform);
  }

  async platform(issuer: string, clientId: string) {
    const [r] = await this.query('SELECT * FROM platform WHERE issuer = $1 AND client_id = $2', [issuer, clientId]);
    return r ? toPlatform(r) : null;
  }

  async deployments(issuer: string, clientId: string) {
    const rows = await this.query('SELECT deployment_id FROM deployment WHERE issuer = $1 AND client_id = $2 ORDER BY deployment_id', [
      issuer,
      clientId,
    ]);
    return rows.map((r) => r.deployment_id as string);
  }

  async saveLogin(login: { state: string; nonce: string; issuer: string; clientId: string }) {
    const now = this.now();
    await this.cleanUp('login', 'state', 'created_at', now - LOGIN_TTL_MS);
    await this.query(
      'INSERT INTO login (state, nonce, issuer, client_id, created_at) VALUES ($1, $2, $3, $4, $5)',
      [login.state, login.nonce, login.issuer, login.clientId, now],
      'save-login',
    );
  }

  /** When each table was last cleaned by this instance. */
  private cleaned = new Map<string, number>();

  /**
   * Deletes expired rows, at most once a minute per table and instance (a launch needs no
   * more: every read checks a row's age itself), skipping any another instance is deleting
   * at the same moment: two cleanups never wait on (or deadlock with) each other, and what
   * one skips the next takes.
   */
  private async cleanUp(table: string, key: string, time: string, before: number) {
    const now = this.now();
    if (now - (this.cleaned.get(table) ?? -Infinity) < CLEAN_UP_EVERY_MS) return;
    this.cleaned.set(table, now);
    await this.query(
      `DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE ${time} < $1 LIMIT 1000 FOR UPDATE SKIP LOCKED)`,
      [before],
    );
  }

  async takeLogin(state: string) {
    const [r] = await this.query('DELETE FROM login WHERE state = $1 RETURNING *', [state], 'take-login');
    const ok = fresh(r, LOGIN_TTL_MS, this.now());
    return ok ? toLogin(ok) : null;
  }

  async acceptLaunch(issuer: string, nonce: string, session: DeepLinkSession | null) {
    const now = this.now();
    await this.cleanUp('used_nonce', 'issuer, nonce', 'used_at', now - NONCE_TTL_MS);
    await this.cleanUp('deep_link', 'id', 'created_at', now - DEEP_LINK_TTL_MS);
    // One statement, so one round trip and atomic: the primary key decides (a concurrent insert
    // of the same nonce waits for this one, then does nothing), and the session is kept only
    // with a nonce used for the first time.
    const rows = session
      ? await this.query(
          `WITH used AS (INSERT INTO used_nonce (issuer, nonce, used_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1)
           INSERT INTO deep_link (id, session, created_at) SELECT $4, $5, $3 FROM used RETURNING 1 AS fresh`,
          [issuer, nonce, now, session.id, JSON.stringify(session)],
          'accept-deep-linking',
        )
      : await this.query(
          'INSERT INTO used_nonce (issuer, nonce, used_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1 AS fresh',
          [issuer, nonce, now],
          'accept-launch',
        );
    return rows.length === 1;
  }

  async deepLink(id: string) {
    const [r] = await this.query('SELECT session, created_at FROM deep_link WHERE id = $1', [id]);
    const ok = fresh(r, DEEP_LINK_TTL_MS, this.now());
    return ok ? toSession(ok) : null;
  }

  async takeDeepLink(id: string) {
    const [r] = await this.query('DELETE FROM deep_link WHERE id = $1 RETURNING *', [id]);
    const ok = fresh(r, DEEP_LINK_TTL_MS, this.now());
    return ok ? toSession(ok) : null;
  }

  async counts() {
    const [r] = await this.query(
      `SELECT (SELECT count(*) FROM platform) AS platforms, (SELECT count(*) FROM deployment) AS deployments,
        (SELECT count(*) FROM login) AS logins, (SELECT count(*) FROM used_nonce) AS nonces, (SELECT count(*) FROM deep_link) AS "deepLinks"`,
    );
    return r as unknown as StoreCounts;
  }

  dump() {
    return this.transaction(async (c): Promise<StoreDump> => {
      await c.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      const all = async (sql: string) => (await c.query(sql)).rows as Row[];
      return {
        keys: (await all('SELECT * FROM signing_key ORDER BY created_at')).map(toKey),
        platforms: (await all('SELECT * FROM platform ORDER BY created_at')).map((r) => ({
          ...toPlatform(r),
          createdAt: Number(r.created_at),
        })),
        deployments: (await all('SELECT * FROM deployment')).map((r) => ({
          issuer: r.issuer as string,
          clientId: r.client_id as string,
          deploymentId: r.deployment_id as string,
        })),
        logins: (await all('SELECT * FROM login')).map(toLogin),
        nonces: (await all('SELECT * FROM used_nonce')).map((r) => ({
          issuer: r.issuer as string,
          nonce: r.nonce as string,
          usedAt: Number(r.used_at),
        })),
        deepLinks: (await all('SELECT * FROM deep_link')).map((r) => ({
          id: r.id as string,
          session: r.session as string,
          createdAt: Number(r.created_at),
        })),
      };
    });
  }

  load(dump: StoreDump, { replace }: { replace: boolean }) {
    return this.transaction(async (c) => {
      if (replace) await c.query('TRUNCATE signing_key, platform, deployment, login, used_nonce, deep_link');
      for (const k of dump.keys)
        await c.query(
          'INSERT INTO signing_key (kid, private_jwk, public_jwk, created_at, retired_at, expires_at, current_slot) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [k.kid, k.privateJwk, k.publicJwk, k.createdAt, k.retiredAt, k.expiresAt, k.current ? 1 : null],
        );
      for (const p of dump.platforms)
        await c.query(
          'INSERT INTO platform (issuer, client_id, auth_url, jwks_url, token_url, name, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [p.issuer, p.clientId, p.authUrl, p.jwksUrl, p.tokenUrl, p.name, p.createdAt],
        );
      for (const d of dump.deployments) await c.query(INSERT_DEPLOYMENT, [d.issuer, d.clientId, d.deploymentId]);
      for (const l of dump.logins)
        await c.query('INSERT INTO login (state, nonce, issuer, client_id, created_at) VALUES ($1, $2, $3, $4, $5)', [
          l.state,
          l.nonce,
          l.issuer,
          l.clientId,
          l.createdAt,
        ]);
      for (const n of dump.nonces)
        await c.query('INSERT INTO used_nonce (issuer, nonce, used_at) VALUES ($1, $2, $3)', [n.issuer, n.nonce, n.usedAt]);
      for (const d of dump.deepLinks)
        await c.query('INSERT INTO deep_link (id, session, created_at) VALUES ($1, $2, $3)', [d.id, d.session, d.createdAt]);
    });
  }
}

/** Expired rows are deleted this often at most, by each instance. */
const CLEAN_UP_EVERY_MS = 60_000;

const INSERT_DEPLOYMENT = 'INSERT INTO deployment (issuer, client_id, deployment_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING';
