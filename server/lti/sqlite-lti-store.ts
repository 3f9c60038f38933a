/**
 * The LTI store in one SQLite file (STANDARDS_LTI_STORE): the default, for instances on one
 * machine. It survives restarts, and every instance pointed at it shares it (WAL lets
 * several processes read and write; docs/deploy.md). Take-once operations are single
 * `DELETE … RETURNING` statements or IMMEDIATE transactions, so of several processes
 * racing for one row exactly one gets it.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS, SCHEMA_VERSION } from './lti-schema';
import {
  DEEP_LINK_TTL_MS,
  LOGIN_TTL_MS,
  NONCE_TTL_MS,
  type DeepLinkSession,
  type LtiStore,
  type NewKey,
  type PlatformRegistration,
  type StoreDump,
} from './lti-store';
import { LtiStoreUnavailable, LtiStoreVersionError } from './store-errors';
import { fresh, toKey, toLogin, toPlatform, toSession, type Row } from './store-rows';

/** The version a file holds: user_version, or 1 for a file of the first build (which set none). */
function versionOf(db: Database.Database): number {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > 0) return version;
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'platform'").get() ? 1 : 0;
}

export class SqliteLtiStore implements LtiStore {
  readonly kind = 'sqlite';
  private db: Database.Database;

  constructor(
    readonly location: string,
    private now: () => number = Date.now,
  ) {
    if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true });
    this.db = new Database(location);
    try {
      this.db.pragma('journal_mode = WAL');
      // Another instance may hold the write lock for a moment.
      this.db.pragma('busy_timeout = 5000');
      this.upgrade();
    } catch (e) {
      this.db.close();
      throw e;
    }
  }

  /** Runs the migrations this file lacks, under the write lock: two instances starting together upgrade it once. */
  private upgrade() {
    if (versionOf(this.db) === SCHEMA_VERSION) return;
    this.db
      .transaction(() => {
        const found = versionOf(this.db);
        if (found > SCHEMA_VERSION) throw new LtiStoreVersionError(this.location, found);
        for (let v = found; v < SCHEMA_VERSION; v++) this.db.exec(MIGRATIONS[v]!({ time: 'INTEGER' }));
        this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
      })
      .immediate();
  }

  /** Runs `work`; a file locked by another process past the busy timeout is "unavailable", as a lost server is. */
  private run<T>(work: () => T): Promise<T> {
    try {
      return Promise.resolve(work());
    } catch (e) {
      if ((e as { code?: string }).code?.startsWith('SQLITE_BUSY')) return Promise.reject(new LtiStoreUnavailable(this.location, e));
      return Promise.reject(e as Error);
    }
  }

  private all = (sql: string, ...params: unknown[]) => this.db.prepare(sql).all(...params) as Row[];
  private get = (sql: string, ...params: unknown[]) => this.db.prepare(sql).get(...params) as Row | undefined;
  private exec = (sql: string, ...params: unknown[]) => this.db.prepare(sql).run(...params);

  ready = () => Promise.resolve();
  schemaVersion = () => this.run(() => versionOf(this.db));
  close = () => this.run(() => void this.db.close());

  currentKey = () =>
    this.run(() => {
      const r = this.get('SELECT * FROM signing_key WHERE current_slot = 1');
      return r ? toKey(r) : null;
    });

  addFirstKey = (key: NewKey) =>
    this.run(() => {
      this.exec(
        'INSERT INTO signing_key (kid, private_jwk, public_jwk, created_at, current_slot) VALUES (?, ?, ?, ?, 1) ON CONFLICT DO NOTHING',
        key.kid,
        key.privateJwk,
        key.publicJwk,
        this.now(),
      );
      return toKey(this.get('SELECT * FROM signing_key WHERE current_slot = 1')!);
    });

  rotateKey = (key: NewKey, graceMs: number) =>
    this.run(() =>
      this.db
        .transaction(() => {
          const now = this.now();
          const previous = this.get(
            'UPDATE signing_key SET current_slot = NULL, retired_at = ?, expires_at = ? WHERE current_slot = 1 RETURNING *',
            now,
            now + graceMs,
          );
          this.exec(
            'INSERT INTO signing_key (kid, private_jwk, public_jwk, created_at, current_slot) VALUES (?, ?, ?, ?, 1)',
            key.kid,
            key.privateJwk,
            key.publicJwk,
            now,
          );
          return {
            current: toKey(this.get('SELECT * FROM signing_key WHERE current_slot = 1')!),
            previous: previous ? toKey(previous) : null,
          };
        })
        .immediate(),
    );

  publishedKeys = () =>
    this.run(() => {
      const now = this.now();
      this.exec('DELETE FROM signing_key WHERE current_slot IS NULL AND expires_at <= ?', now);
      return this.all(
        'SELECT * FROM signing_key WHERE current_slot = 1 OR expires_at > ? ORDER BY current_slot IS NULL, created_at DESC',
        now,
      ).map(toKey);
    });

  savePlatform = (p: PlatformRegistration, deploymentIds: readonly string[] = []) =>
    this.run(() =>
      this.db.transaction(() => {
        this.exec(
          `INSERT INTO platform (issuer, client_id, auth_url, jwks_url, token_url, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (issuer, client_id) DO UPDATE SET auth_url = excluded.auth_url, jwks_url = excluded.jwks_url,
             token_url = excluded.token_url, name = excluded.name`,
          p.issuer,
          p.clientId,
          p.authUrl,
          p.jwksUrl,
          p.tokenUrl,
          p.name,
          this.now(),
        );
        for (const d of deploymentIds) this.insertDeployment(p.issuer, p.clientId, d);
      })(),
    );

  private insertDeployment(issuer: string, clientId: string, deploymentId: string) {
    this.exec('INSERT OR IGNORE INTO deployment (issuer, client_id, deployment_id) VALUES (?, ?, ?)', issuer, clientId, deploymentId);
  }

  addDeployment = (issuer: string, clientId: string, deploymentId: string) =>
    this.run(() => this.insertDeployment(issuer, clientId, deploymentId));

  removePlatform = (issuer: string, clientId: string) =>
    this.run(() =>
      this.db.transaction(() => {
        this.exec('DELETE FROM deployment WHERE issuer = ? AND client_id = ?', issuer, clientId);
        return this.exec('DELETE FROM platform WHERE issuer = ? AND client_id = ?', issuer, clientId).changes > 0;
      })(),
    );

  platforms = (issuer?: string) =>
    this.run(() =>
      (issuer
        ? this.all('SELECT * FROM platform WHERE issuer = ? ORDER BY created_at', issuer)
        : this.all('SELECT * FROM platform ORDER BY created_at')
      ).map(toPlatform),
    );

  platform = (issuer: string, clientId: string) =>
    this.run(() => {
      const r = this.get('SELECT * FROM platform WHERE issuer = ? AND client_id = ?', issuer, clientId);
      return r ? toPlatform(r) : null;
    });

  deployments = (issuer: string, clientId: string) =>
    this.run(() =>
      this.all('SELECT deployment_id FROM deployment WHERE issuer = ? AND client_id = ? ORDER BY deployment_id', issuer, clientId).map(
        (r) => r.deployment_id as string,
      ),
    );

  saveLogin = (login: { state: string; nonce: string; issuer: string; clientId: string }) =>
    this.run(() => {
      const now = this.now();
      this.exec('DELETE FROM login WHERE created_at < ?', now - LOGIN_TTL_MS);
      this.exec(
        'INSERT INTO login (state, nonce, issuer, client_id, created_at) VALUES (?, ?, ?, ?, ?)',
        login.state,
        login.nonce,
        login.issuer,
        login.clientId,
        now,
      );
    });

  // One statement reads and deletes: of several processes, one gets the row.
  takeLogin = (state: string) =>
    this.run(() => {
      const r = fresh(this.get('DELETE FROM login WHERE state = ? RETURNING *', state), LOGIN_TTL_MS, this.now());
      return r ? toLogin(r) : null;
    });

  acceptLaunch = (issuer: string, nonce: string, session: DeepLinkSession | null) =>
    this.run(() =>
      this.db
        .transaction(() => {
          const now = this.now();
          this.exec('DELETE FROM used_nonce WHERE used_at < ?', now - NONCE_TTL_MS);
          this.exec('DELETE FROM deep_link WHERE created_at < ?', now - DEEP_LINK_TTL_MS);
          if (this.exec('INSERT OR IGNORE INTO used_nonce (issuer, nonce, used_at) VALUES (?, ?, ?)', issuer, nonce, now).changes === 0)
            return false;
          if (session)
            this.exec('INSERT INTO deep_link (id, session, created_at) VALUES (?, ?, ?)', session.id, JSON.stringify(session), now);
          return true;
        })
        // The write lock from the start: a deferred transaction that read first could not upgrade under another writer.
        .immediate(),
    );

  deepLink = (id: string) =>
    this.run(() => {
      const r = fresh(this.get('SELECT session, created_at FROM deep_link WHERE id = ?', id), DEEP_LINK_TTL_MS, this.now());
      return r ? toSession(r) : null;
    });

  takeDeepLink = (id: string) =>
    this.run(() => {
      const r = fresh(this.get('DELETE FROM deep_link WHERE id = ? RETURNING *', id), DEEP_LINK_TTL_MS, this.now());
      return r ? toSession(r) : null;
    });

  counts = () =>
    this.run(() => {
      const n = (table: string) => Number(this.get(`SELECT count(*) AS n FROM ${table}`)!.n);
      return {
        platforms: n('platform'),
        deployments: n('deployment'),
        logins: n('login'),
        nonces: n('used_nonce'),
        deepLinks: n('deep_link'),
      };
    });

  dump = () =>
    this.run((): StoreDump =>
      this.db.transaction(() => ({
        keys: this.all('SELECT * FROM signing_key ORDER BY created_at').map(toKey),
        platforms: this.all('SELECT * FROM platform ORDER BY created_at').map((r) => ({
          ...toPlatform(r),
          createdAt: Number(r.created_at),
        })),
        deployments: this.all('SELECT * FROM deployment').map((r) => ({
          issuer: r.issuer as string,
          clientId: r.client_id as string,
          deploymentId: r.deployment_id as string,
        })),
        logins: this.all('SELECT * FROM login').map(toLogin),
        nonces: this.all('SELECT * FROM used_nonce').map((r) => ({
          issuer: r.issuer as string,
          nonce: r.nonce as string,
          usedAt: Number(r.used_at),
        })),
        deepLinks: this.all('SELECT * FROM deep_link').map((r) => ({
          id: r.id as string,
          session: r.session as string,
          createdAt: Number(r.created_at),
        })),
      }))(),
    );

  load = (dump: StoreDump, { replace }: { replace: boolean }) =>
    this.run(() =>
      this.db
        .transaction(() => {
          if (replace)
            for (const t of ['signing_key', 'platform', 'deployment', 'login', 'used_nonce', 'deep_link']) this.exec(`DELETE FROM ${t}`);
          for (const k of dump.keys)
            this.exec(
              'INSERT INTO signing_key (kid, private_jwk, public_jwk, created_at, retired_at, expires_at, current_slot) VALUES (?, ?, ?, ?, ?, ?, ?)',
              k.kid,
              k.privateJwk,
              k.publicJwk,
              k.createdAt,
              k.retiredAt,
              k.expiresAt,
              k.current ? 1 : null,
            );
          for (const p of dump.platforms)
            this.exec(
              'INSERT INTO platform (issuer, client_id, auth_url, jwks_url, token_url, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
              p.issuer,
              p.clientId,
              p.authUrl,
              p.jwksUrl,
              p.tokenUrl,
              p.name,
              p.createdAt,
            );
          for (const d of dump.deployments) this.insertDeployment(d.issuer, d.clientId, d.deploymentId);
          for (const l of dump.logins)
            this.exec(
              'INSERT INTO login (state, nonce, issuer, client_id, created_at) VALUES (?, ?, ?, ?, ?)',
              l.state,
              l.nonce,
              l.issuer,
              l.clientId,
              l.createdAt,
            );
          for (const n of dump.nonces)
            this.exec('INSERT INTO used_nonce (issuer, nonce, used_at) VALUES (?, ?, ?)', n.issuer, n.nonce, n.usedAt);
          for (const d of dump.deepLinks)
            this.exec('INSERT INTO deep_link (id, session, created_at) VALUES (?, ?, ?)', d.id, d.session, d.createdAt);
        })
        .immediate(),
    );
}
