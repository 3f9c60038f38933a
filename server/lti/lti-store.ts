/**
 * What the LTI tool keeps: its signing key, the platforms registered with it (and their
 * deployments), logins waiting for their launch, nonces already used, and the
 * deep-linking sessions the picker answers. One SQLite file (STANDARDS_LTI_STORE): it
 * survives restarts, and every instance pointed at it shares it (WAL lets several
 * processes read and write; docs/deploy.md). Nothing here ever reaches a browser but
 * the public half of the key.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export interface PlatformRegistration {
  issuer: string;
  clientId: string;
  /** OIDC authorization endpoint: where the login sends the browser. */
  authUrl: string;
  jwksUrl: string;
  tokenUrl: string | null;
  /** What the platform calls itself (Dynamic Registration's product family, or the admin's label). */
  name: string;
}

export interface LoginRecord {
  state: string;
  nonce: string;
  issuer: string;
  clientId: string;
  createdAt: number;
}

export interface DeepLinkSession {
  id: string;
  issuer: string;
  clientId: string;
  deploymentId: string;
  returnUrl: string;
  /** The request's `data`, echoed untouched in the response; null when it sent none. */
  data: string | null;
  acceptTypes: string[];
  acceptMultiple: boolean;
  locale: string | null;
  createdAt: number;
}

/** A login must come back within this long (the platform's authorization step is quick). */
export const LOGIN_TTL_MS = 10 * 60_000;
/** A teacher has this long to choose standards before the deep-linking answer is refused. */
export const DEEP_LINK_TTL_MS = 2 * 60 * 60_000;
/** Nonces are remembered this long, past any id_token's life. */
export const NONCE_TTL_MS = 24 * 60 * 60_000;

const SCHEMA = `
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

type Row = Record<string, unknown>;
const toPlatform = (r: Row): PlatformRegistration => ({
  issuer: r.issuer as string,
  clientId: r.client_id as string,
  authUrl: r.auth_url as string,
  jwksUrl: r.jwks_url as string,
  tokenUrl: (r.token_url as string | null) ?? null,
  name: r.name as string,
});

export class LtiStore {
  private db: Database.Database;

  constructor(
    readonly file: string,
    private now: () => number = Date.now,
  ) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // Another instance may hold the write lock for a moment.
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  close() {
    this.db.close();
  }

  toolKey(): { kid: string; privateJwk: string; publicJwk: string } | null {
    const r = this.db.prepare('SELECT kid, private_jwk, public_jwk FROM tool_key WHERE slot = 1').get() as Row | undefined;
    return r ? { kid: r.kid as string, privateJwk: r.private_jwk as string, publicJwk: r.public_jwk as string } : null;
  }

  /** Keeps the first key written (the table has one slot): two instances starting together end up with the same one. */
  saveToolKey(kid: string, privateJwk: string, publicJwk: string) {
    this.db
      .prepare('INSERT OR IGNORE INTO tool_key (slot, kid, private_jwk, public_jwk, created_at) VALUES (1, ?, ?, ?, ?)')
      .run(kid, privateJwk, publicJwk, this.now());
  }

  /** Adds a platform, or updates its endpoints (re-registering from the same platform). */
  savePlatform(p: PlatformRegistration, deploymentIds: readonly string[] = []) {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO platform (issuer, client_id, auth_url, jwks_url, token_url, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (issuer, client_id) DO UPDATE SET auth_url = excluded.auth_url, jwks_url = excluded.jwks_url,
             token_url = excluded.token_url, name = excluded.name`,
        )
        .run(p.issuer, p.clientId, p.authUrl, p.jwksUrl, p.tokenUrl, p.name, this.now());
      for (const d of deploymentIds) this.addDeployment(p.issuer, p.clientId, d);
    })();
  }

  addDeployment(issuer: string, clientId: string, deploymentId: string) {
    this.db
      .prepare('INSERT OR IGNORE INTO deployment (issuer, client_id, deployment_id) VALUES (?, ?, ?)')
      .run(issuer, clientId, deploymentId);
  }

  removePlatform(issuer: string, clientId: string): boolean {
    return this.db.transaction(() => {
      this.db.prepare('DELETE FROM deployment WHERE issuer = ? AND client_id = ?').run(issuer, clientId);
      return this.db.prepare('DELETE FROM platform WHERE issuer = ? AND client_id = ?').run(issuer, clientId).changes > 0;
    })();
  }

  platforms(issuer?: string): PlatformRegistration[] {
    const rows = issuer
      ? this.db.prepare('SELECT * FROM platform WHERE issuer = ? ORDER BY created_at').all(issuer)
      : this.db.prepare('SELECT * FROM platform ORDER BY created_at').all();
    return (rows as Row[]).map(toPlatform);
  }

  platform(issuer: string, clientId: string): PlatformRegistration | null {
    const r = this.db.prepare('SELECT * FROM platform WHERE issuer = ? AND client_id = ?').get(issuer, clientId) as Row | undefined;
    return r ? toPlatform(r) : null;
  }

  deployments(issuer: string, clientId: string): string[] {
    return (
      this.db
        .prepare('SELECT deployment_id FROM deployment WHERE issuer = ? AND client_id = ? ORDER BY deployment_id')
        .all(issuer, clientId) as Row[]
    ).map((r) => r.deployment_id as string);
  }

  saveLogin(login: Omit<LoginRecord, 'createdAt'>) {
    const now = this.now();
    this.db.prepare('DELETE FROM login WHERE created_at < ?').run(now - LOGIN_TTL_MS);
    this.db
      .prepare('INSERT INTO login (state, nonce, issuer, client_id, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(login.state, login.nonce, login.issuer, login.clientId, now);
  }

  /** The login a `state` names, taken once: a second launch with the same state finds nothing. */
  takeLogin(state: string): LoginRecord | null {
    const r = this.takeOnce('login', 'state', state, LOGIN_TTL_MS);
    return r
      ? { state, nonce: r.nonce as string, issuer: r.issuer as string, clientId: r.client_id as string, createdAt: r.created_at as number }
      : null;
  }

  /** A row read and deleted in one step; null when absent or older than `ttl` (deleted all the same). */
  private takeOnce(table: 'login' | 'deep_link', key: 'state' | 'id', value: string, ttl: number): Row | null {
    return this.db.transaction(() => {
      const r = this.db.prepare(`SELECT * FROM ${table} WHERE ${key} = ?`).get(value) as Row | undefined;
      if (!r) return null;
      this.db.prepare(`DELETE FROM ${table} WHERE ${key} = ?`).run(value);
      return (r.created_at as number) < this.now() - ttl ? null : r;
    })();
  }

  /**
   * Marks the nonce used and keeps what the launch needs, in one step: false when another
   * request used the nonce first (then nothing is stored).
   */
  acceptLaunch(issuer: string, nonce: string, session: DeepLinkSession | null): boolean {
    return this.db.transaction(() => {
      const now = this.now();
      this.db.prepare('DELETE FROM used_nonce WHERE used_at < ?').run(now - NONCE_TTL_MS);
      this.db.prepare('DELETE FROM deep_link WHERE created_at < ?').run(now - DEEP_LINK_TTL_MS);
      const fresh = this.db.prepare('INSERT OR IGNORE INTO used_nonce (issuer, nonce, used_at) VALUES (?, ?, ?)').run(issuer, nonce, now);
      if (fresh.changes === 0) return false;
      if (session)
        this.db.prepare('INSERT INTO deep_link (id, session, created_at) VALUES (?, ?, ?)').run(session.id, JSON.stringify(session), now);
      return true;
    })();
  }

  /** A deep-linking session still open, left in place (null when unknown or expired). */
  deepLink(id: string): DeepLinkSession | null {
    const r = this.db.prepare('SELECT session, created_at FROM deep_link WHERE id = ?').get(id) as Row | undefined;
    if (!r || (r.created_at as number) < this.now() - DEEP_LINK_TTL_MS) return null;
    return JSON.parse(r.session as string) as DeepLinkSession;
  }

  /** A deep-linking session, taken once (its answer goes to the platform once). */
  takeDeepLink(id: string): DeepLinkSession | null {
    const r = this.takeOnce('deep_link', 'id', id, DEEP_LINK_TTL_MS);
    return r ? (JSON.parse(r.session as string) as DeepLinkSession) : null;
  }

  /** How many rows each table holds: for the admin's listing and for tests that prove nothing was stored. */
  counts(): Record<'platforms' | 'deployments' | 'logins' | 'nonces' | 'deepLinks', number> {
    const n = (table: string) => (this.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return {
      platforms: n('platform'),
      deployments: n('deployment'),
      logins: n('login'),
      nonces: n('used_nonce'),
      deepLinks: n('deep_link'),
    };
  }
}
