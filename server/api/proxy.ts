/**
 * Proxy mode: the contract's GET operations go to the hosted service with the
 * server's key added here, so the key never reaches a browser. Anything that is not
 * one of those operations is not forwarded.
 */
import { Hono } from 'hono';
import { ApiError } from './errors';

const OPERATIONS = [
  /^\/standards-frameworks$/,
  /^\/academic-standards$/,
  /^\/academic-standards\/search$/,
  /^\/academic-standards\/[0-9a-fA-F-]{36}$/,
  /^\/academic-standards\/[0-9a-fA-F-]{36}\/children$/,
];

/** Response headers worth passing back; hop-by-hop and cookies stay upstream. */
const PASSED_HEADERS = ['content-type', 'etag', 'cache-control', 'last-modified', 'x-request-id'];

export interface ProxyOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createProxyApi({ baseUrl, apiKey, timeoutMs = 15_000, fetch: doFetch = fetch }: ProxyOptions) {
  const api = new Hono();
  const base = baseUrl.replace(/\/+$/, '');
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
    return new Response(upstream.body, { status: upstream.status, headers: out });
  });
  return api;
}
