/**
 * Imported data never changes under a running database, so a response is fully
 * determined by the database build and the request URL: the ETag is derived from
 * those, and a matching If-None-Match is answered before any query runs.
 */
import type { Context } from 'hono';
import { createHash } from 'node:crypto';

function etagFor(c: Context, buildId: string) {
  const url = new URL(c.req.url);
  const digest = createHash('sha1')
    .update(url.pathname + url.search)
    .digest('base64url')
    .slice(0, 16);
  return `"${buildId}-${digest}"`;
}

export function notModified(c: Context, buildId: string): boolean {
  const header = c.req.header('if-none-match');
  if (!header) return false;
  const etag = etagFor(c, buildId);
  const matched = header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');
  if (matched) c.header('ETag', etag);
  return matched;
}

export function cacheableJson(c: Context, body: string | Buffer, buildId: string, isPrivate: boolean) {
  c.header('ETag', etagFor(c, buildId));
  // Short freshness, then cheap revalidation: a re-import changes the build id.
  c.header('Cache-Control', `${isPrivate ? 'private' : 'public'}, max-age=60, stale-while-revalidate=600`);
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
