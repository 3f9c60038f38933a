/**
 * CORS for the API: any origin may read it (it holds public data and uses no cookies;
 * a key travels in x-api-key), with GET, HEAD and OPTIONS (and POST, which only the alignment extension answers). Written for this one
 * policy instead of the general middleware, which read the answer's headers before it
 * existed and so made the framework rebuild every answer.
 */
import type { MiddlewareHandler } from 'hono';

export const CORS_HEADERS: [string, string][] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', 'x-request-id,etag'],
];

const PREFLIGHT_HEADERS: [string, string][] = [
  ['Access-Control-Max-Age', '86400'],
  ['Access-Control-Allow-Methods', 'GET,HEAD,OPTIONS,POST'],
  ['Access-Control-Allow-Headers', 'x-api-key,if-none-match,content-type'],
  ['Vary', 'Access-Control-Request-Headers'],
];

/** Answers preflights; other requests get their CORS headers with the app's common headers (app.ts). */
export const apiPreflight: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== 'OPTIONS') return next();
  for (const [name, value] of PREFLIGHT_HEADERS) c.header(name, value);
  return c.body(null, 204);
};
