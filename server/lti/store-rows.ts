/**
 * Rows of the LTI store's tables as the tool reads them: the same columns in both stores,
 * so one set of readers serves both.
 */
import type { DeepLinkSession, LoginRecord, PlatformRegistration, StoredKey } from './lti-store';

export type Row = Record<string, unknown>;

export const toPlatform = (r: Row): PlatformRegistration => ({
  issuer: r.issuer as string,
  clientId: r.client_id as string,
  authUrl: r.auth_url as string,
  jwksUrl: r.jwks_url as string,
  tokenUrl: (r.token_url as string | null) ?? null,
  name: r.name as string,
});

export const toKey = (r: Row): StoredKey => ({
  kid: r.kid as string,
  privateJwk: r.private_jwk as string,
  publicJwk: r.public_jwk as string,
  createdAt: Number(r.created_at),
  retiredAt: r.retired_at === null ? null : Number(r.retired_at),
  expiresAt: r.expires_at === null ? null : Number(r.expires_at),
  current: r.current_slot !== null,
});

export const toLogin = (r: Row): LoginRecord => ({
  state: r.state as string,
  nonce: r.nonce as string,
  issuer: r.issuer as string,
  clientId: r.client_id as string,
  createdAt: Number(r.created_at),
});

export const toSession = (r: Row): DeepLinkSession => JSON.parse(r.session as string) as DeepLinkSession;

/** A row taken once is still refused when it is older than its time to live. */
export const fresh = (r: Row | undefined, ttl: number, now: number): Row | null => (r && Number(r.created_at) >= now - ttl ? r : null);
