/**
 * The LTI store's schema, as an ordered list of migrations both stores run: migration n
 * takes a store from version n to n + 1. Version 1 is the schema of the first LTI build
 * (one SQLite file, one key slot), so a file it made is recognised and upgraded in place.
 * A new version appends a migration here; nothing already released is edited.
 *
 * Times are milliseconds since 1970 from the store's clock (so tests can move it): SQLite's
 * INTEGER holds them, PostgreSQL needs BIGINT.
 */

export interface Dialect {
  /** The column type of a time in milliseconds. */
  time: 'INTEGER' | 'BIGINT';
}

export const MIGRATIONS: ReadonlyArray<(d: Dialect) => string> = [
  // 1: the first build's tables, exactly (IF NOT EXISTS: a file of that build already has them).
  ({ time }) => `
CREATE TABLE IF NOT EXISTS tool_key (slot INTEGER PRIMARY KEY CHECK (slot = 1), kid TEXT NOT NULL, private_jwk TEXT NOT NULL, public_jwk TEXT NOT NULL, created_at ${time} NOT NULL);
CREATE TABLE IF NOT EXISTS platform (
  issuer TEXT NOT NULL, client_id TEXT NOT NULL, auth_url TEXT NOT NULL, jwks_url TEXT NOT NULL,
  token_url TEXT, name TEXT NOT NULL, created_at ${time} NOT NULL, PRIMARY KEY (issuer, client_id));
CREATE TABLE IF NOT EXISTS deployment (
  issuer TEXT NOT NULL, client_id TEXT NOT NULL, deployment_id TEXT NOT NULL, PRIMARY KEY (issuer, client_id, deployment_id));
CREATE TABLE IF NOT EXISTS login (state TEXT PRIMARY KEY, nonce TEXT NOT NULL, issuer TEXT NOT NULL, client_id TEXT NOT NULL, created_at ${time} NOT NULL);
CREATE TABLE IF NOT EXISTS used_nonce (issuer TEXT NOT NULL, nonce TEXT NOT NULL, used_at ${time} NOT NULL, PRIMARY KEY (issuer, nonce));
CREATE TABLE IF NOT EXISTS deep_link (id TEXT PRIMARY KEY, session TEXT NOT NULL, created_at ${time} NOT NULL);
`,
  // 2: keys that rotate. One row per key; the one that signs has current_slot = 1 (UNIQUE,
  // so two instances making the first key at once keep one), replaced ones keep signing
  // nothing but stay published until expires_at. Indexes for the expired-row cleanup.
  ({ time }) => `
CREATE TABLE signing_key (
  kid TEXT PRIMARY KEY, private_jwk TEXT NOT NULL, public_jwk TEXT NOT NULL, created_at ${time} NOT NULL,
  retired_at ${time}, expires_at ${time}, current_slot INTEGER UNIQUE CHECK (current_slot = 1));
INSERT INTO signing_key (kid, private_jwk, public_jwk, created_at, current_slot) SELECT kid, private_jwk, public_jwk, created_at, 1 FROM tool_key;
DROP TABLE tool_key;
CREATE INDEX login_created_at ON login (created_at);
CREATE INDEX used_nonce_used_at ON used_nonce (used_at);
CREATE INDEX deep_link_created_at ON deep_link (created_at);
`,
];

/** The version this build reads and writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;
