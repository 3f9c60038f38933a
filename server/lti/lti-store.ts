/**
 * What the LTI tool keeps, as one asynchronous interface with two implementations: a
 * SQLite file for one machine (sqlite-lti-store.ts, the default) and PostgreSQL for
 * instances on several machines (pg-lti-store.ts, STANDARDS_LTI_DATABASE_URL). Both pass
 * the same contract test (lti-store.test.ts). The tool's signing keys, the platforms
 * registered with it (and their deployments), logins waiting for their launch, nonces
 * already used, and the deep-linking sessions the picker answers. Nothing here ever
 * reaches a browser but the public half of a key.
 */

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

/** A signing key as kept: JWKs as JSON text; the private half never leaves the server. */
export interface NewKey {
  kid: string;
  privateJwk: string;
  publicJwk: string;
}

export interface StoredKey extends NewKey {
  createdAt: number;
  /** When a rotation replaced it (null: it signs now). */
  retiredAt: number | null;
  /** When it leaves the JWKS and the store (null: it signs now). */
  expiresAt: number | null;
  current: boolean;
}

export type StoreCounts = Record<'platforms' | 'deployments' | 'logins' | 'nonces' | 'deepLinks', number>;

/** Every row of a store, as migrate-store copies it from one store to another. */
export interface StoreDump {
  keys: StoredKey[];
  platforms: Array<PlatformRegistration & { createdAt: number }>;
  deployments: Array<{ issuer: string; clientId: string; deploymentId: string }>;
  logins: LoginRecord[];
  nonces: Array<{ issuer: string; nonce: string; usedAt: number }>;
  deepLinks: Array<{ id: string; session: string; createdAt: number }>;
}

/** A login must come back within this long (the platform's authorization step is quick). */
export const LOGIN_TTL_MS = 10 * 60_000;
/** A teacher has this long to choose standards before the deep-linking answer is refused. */
export const DEEP_LINK_TTL_MS = 2 * 60 * 60_000;
/** Nonces are remembered this long, past any id_token's life. */
export const NONCE_TTL_MS = 24 * 60 * 60_000;

export interface LtiStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the store is, for operators: a file path, or PostgreSQL's user, host and database (never a password). */
  readonly location: string;
  /**
   * Resolves once the schema is this build's (upgraded in place if older). Rejects with
   * LtiStoreVersionError for a newer store, LtiStoreUnavailable when it cannot be reached
   * (every other call then tries again).
   */
  ready(): Promise<void>;
  schemaVersion(): Promise<number>;
  close(): Promise<void>;

  /** The key that signs now; null before the first is made. */
  currentKey(): Promise<StoredKey | null>;
  /** Keeps `key` as the current key unless there is one already; returns the one kept (two instances starting together share one). */
  addFirstKey(key: NewKey): Promise<StoredKey>;
  /** `key` signs from now on; the one it replaces stays published for `graceMs`. */
  rotateKey(key: NewKey, graceMs: number): Promise<{ current: StoredKey; previous: StoredKey | null }>;
  /** The keys the JWKS lists: the current one and the replaced ones still in their grace (newest first); expired ones are deleted. */
  publishedKeys(): Promise<StoredKey[]>;

  /** Adds a platform, or updates its endpoints (re-registering from the same platform). */
  savePlatform(p: PlatformRegistration, deploymentIds?: readonly string[]): Promise<void>;
  addDeployment(issuer: string, clientId: string, deploymentId: string): Promise<void>;
  removePlatform(issuer: string, clientId: string): Promise<boolean>;
  platforms(issuer?: string): Promise<PlatformRegistration[]>;
  platform(issuer: string, clientId: string): Promise<PlatformRegistration | null>;
  deployments(issuer: string, clientId: string): Promise<string[]>;

  saveLogin(login: Omit<LoginRecord, 'createdAt'>): Promise<void>;
  /** The login a `state` names, taken once: of many takers, on any instance, one gets it. */
  takeLogin(state: string): Promise<LoginRecord | null>;
  /**
   * Marks the nonce used and keeps what the launch needs, in one step: false when another
   * request used the nonce first (then nothing is stored).
   */
  acceptLaunch(issuer: string, nonce: string, session: DeepLinkSession | null): Promise<boolean>;
  /** A deep-linking session still open, left in place (null when unknown or expired). */
  deepLink(id: string): Promise<DeepLinkSession | null>;
  /** A deep-linking session, taken once (its answer goes to the platform once). */
  takeDeepLink(id: string): Promise<DeepLinkSession | null>;

  /** How many rows each table holds: for the operator's status and for tests that prove nothing was stored. */
  counts(): Promise<StoreCounts>;
  dump(): Promise<StoreDump>;
  /** Writes every row of `dump` in one transaction, after deleting what the store held when `replace`. */
  load(dump: StoreDump, options: { replace: boolean }): Promise<void>;
}
