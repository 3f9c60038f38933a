/**
 * Proxy mode: the contract's GET operations go to the hosted service with the
 * server's key added here, so the key never reaches a browser. Anything that is not
 * one of those operations is not forwarded.
 */
import { Hono } from 'hono';
import { ApiError } from './errors';
import { readCapped } from './read-capped';

const OPERATIONS = [
  /^\/standards-frameworks$/,
  /^\/academic-standards$/,
  /^\/academic-standards\/search$/,
  /^\/academic-standards\/[0-9a-fA-F-]{36}$/,
  /^\/academic-standards\/[0-9a-fA-F-]{36}\/(children|crosswalks|prerequisites|builds-towards|related-standards|learning-components)$/,
  /^\/learning-components$/,
  /^\/learning-components\/search$/,
  /^\/learning-components\/[0-9a-fA-F-]{36}$/,
];

/** Response headers worth passing back; hop-by-hop, cookies and the content type stay upstream. */
const PASSED_HEADERS = ['etag', 'cache-control', 'last-modified', 'x-request-id'];

/** Larger than any contract answer (a page of 1,000 items is a few MB): past it, the answer is not the API's. */
export const MAX_UPSTREAM_BYTES = 32 * 2 ** 20;

const notTheApi = (what: string) =>
  new ApiError(502, 'BadGatewayError', `The standards service answered with ${what}, not the API's JSON. Try again shortly.`);

/**
 * Only the contract's JSON goes back to the browser, always as application/json: an
 * HTML error page, plain text, broken or oversized JSON from upstream becomes the
 * documented error object (an upstream page opened under /api/v0 must never run as
 * the app's own origin).
 */
async function contractBody(upstream: Response): Promise<string> {
  const type = upstream.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    await upstream.body?.cancel().catch(() => {});
    throw notTheApi(type ? `"${type.split(';')[0]!.slice(0, 60)}"` : 'no content type');
  }
  const text = (await readCapped(upstream.body, MAX_UPSTREAM_BYTES))?.toString('utf8') ?? null;
  if (text === null) throw notTheApi('an answer over 32 MB');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw notTheApi('broken JSON');
  }
  if (upstream.ok) return text;
  // An error must be the contract's error object, or it is not passed on as one.
  const e = body as { error?: unknown; message?: unknown };
  if (typeof e?.error === 'string' && typeof e.message === 'string') return text;
  throw notTheApi(`an error (${upstream.status}) in an unknown shape`);
}

export interface ProxyOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createProxyApi({ baseUrl, apiKey, timeoutMs = 15_000, fetch: doFetch = fetch }: ProxyOptions) {
  const api = new Hono();
  const base = baseUrl.replace(/\/+$/, '');
  // The hosted service has no alignment operation (a local extension): say so plainly.
  api.post('*', () => {
    throw new ApiError(
      404,
      'NotFoundError',
      'The hosted Standards API has no alignment operation: "Find standards for a text" needs the local API, or a framework saved for offline use.',
    );
  });
  api.get('*', async (c) => {
    const url = new URL(c.req.url);
    const path = url.pathname.replace(/^\/api\/v0/, '');
    if (!OPERATIONS.some((re) => re.test(path))) {
      throw new ApiError(404, 'NotFoundError', `There is no operation at ${path}. See the API contract for the available operations.`);
    }
    const headers: Record<string, string> = { 'x-api-key': apiKey, accept: 'application/json' };
    const inm = c.req.header('if-none-match');
    if (inm) headers['if-none-match'] = inm;
    let upstream: Response;
    try {
      upstream = await doFetch(base + path + url.search, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (e) {
      const timedOut = (e as Error).name === 'TimeoutError';
      throw new ApiError(
        timedOut ? 504 : 502,
        timedOut ? 'GatewayTimeoutError' : 'BadGatewayError',
        timedOut
          ? 'The standards service did not answer in time. Try again shortly.'
          : 'The standards service could not be reached. Try again shortly.',
      );
    }
    const out = new Headers();
    for (const h of PASSED_HEADERS) {
      const v = upstream.headers.get(h);
      if (v && h !== 'x-request-id') out.set(h, v);
      if (v && h === 'x-request-id') out.set('x-upstream-request-id', v);
    }
    if (upstream.status === 304) return new Response(null, { status: 304, headers: out });
    // Only the contract's statuses pass; anything else upstream is a bad gateway.
    if (![200, 400, 401, 403, 404, 422, 429].includes(upstream.status) && upstream.status < 500) {
      await upstream.body?.cancel().catch(() => {});
      throw notTheApi(`status ${upstream.status}`);
    }
    const body = await contractBody(upstream);
    out.set('content-type', 'application/json; charset=utf-8');
    return new Response(body, { status: upstream.status, headers: out });
  });
  return api;
}
