/**
 * Imported data never changes under a running database, so a response is fully
 * determined by the database build, the request URL and its encoding: the ETag is
 * derived from those (`"<build>-<url>"`, `-br` or `-gzip` added for a compressed body,
 * since two representations may not share a strong validator), and a matching
 * If-None-Match is answered before any query runs. Every instance importing the same
 * data has the same build id, so any of them answers another's validator.
 */
import type { Context } from 'hono';
import { createHash } from 'node:crypto';

function baseTag(c: Context, buildId: string) {
  const url = new URL(c.req.url);
  const digest = createHash('sha1')
    .update(url.pathname + url.search)
    .digest('base64url')
    .slice(0, 16);
  return `${buildId}-${digest}`;
}

const etagFor = (c: Context, buildId: string, encoding: string | null) => `"${baseTag(c, buildId)}${encoding ? `-${encoding}` : ''}"`;

/**
 * Whether the client (or a cache) already holds this answer: any validator this URL's
 * answer had in any encoding matches, and the 304 carries the one it matched, which
 * names the representation the asker keeps (a cache varies on Accept-Encoding).
 */
export function notModified(c: Context, buildId: string): boolean {
  const header = c.req.header('if-none-match');
  if (!header) return false;
  const base = baseTag(c, buildId);
  const tags = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  const mine = [`"${base}"`, `"${base}-br"`, `"${base}-gzip"`, '*'];
  const matched = tags.find((t) => mine.includes(t));
  if (!matched) return false;
  c.header('ETag', matched === '*' ? `"${base}"` : matched);
  c.header('Vary', 'Accept-Encoding');
  return true;
}

/** How long caches keep an answer: fresh for `maxAge` seconds, then served stale while revalidating for `staleWhileRevalidate`. */
export interface CachePolicy {
  /** Keyed answers: `private`, kept by no shared cache. */
  private: boolean;
  maxAge: number;
  staleWhileRevalidate: number;
}
export const DEFAULT_MAX_AGE = 60;
export const DEFAULT_STALE_WHILE_REVALIDATE = 600;

/** `encoding`: the body's Content-Encoding, or null for an uncompressed body. */
export function cacheableJson(c: Context, body: string | Buffer, buildId: string, policy: CachePolicy, encoding: string | null = null) {
  c.header('ETag', etagFor(c, buildId, encoding));
  // Short freshness, then cheap revalidation: a data update changes the build id, so a
  // cache sees it within max-age + stale-while-revalidate.
  c.header(
    'Cache-Control',
    `${policy.private ? 'private' : 'public'}, max-age=${policy.maxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`,
  );
  return json(c, body);
}

/** An answer no URL names (a POST's): kept by no HTTP cache. */
export function uncacheableJson(c: Context, body: Buffer) {
  c.header('Cache-Control', 'no-store');
  return json(c, body);
}

function json(c: Context, body: string | Buffer) {
  c.header('Content-Type', 'application/json; charset=utf-8');
  if (typeof body === 'string') return c.body(body, 200);
  return c.body(new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>, 200);
}
