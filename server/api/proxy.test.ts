/**
 * Proxy mode against a local stand-in of the hosted service.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { listen } from '../test-support/listen';

const SERVER_KEY = 'server-secret-key-123';
const seen: Array<{ path: string; key: string | undefined; query: string }> = [];
let upstream: Awaited<ReturnType<typeof listen>>;

/** A misbehaving upstream, chosen by the search words the test sends. */
const HOSTILE: Record<string, () => Response> = {
  html502: () =>
    new Response('<html><script>alert(document.domain)</script>Bad gateway</html>', {
      status: 502,
      headers: { 'content-type': 'text/html' },
    }),
  html200: () => new Response('<script>alert(1)</script>', { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } }),
  text: () => new Response('maintenance', { status: 200, headers: { 'content-type': 'text/plain' } }),
  badjson: () => new Response('{"data": [', { status: 200, headers: { 'content-type': 'application/json' } }),
  oddError: () =>
    new Response(JSON.stringify({ oops: '<img src=x onerror=alert(1)>' }), {
      status: 500,
      headers: { 'content-type': 'application/json' },
    }),
  notype: () => new Response('[]', { status: 200 }),
  redirect: () => new Response(null, { status: 302, headers: { location: 'http://evil.example/' } }),
  huge: () =>
    new Response(
      new ReadableStream({
        start(controller) {
          const chunk = new TextEncoder().encode('x'.repeat(2 ** 20));
          for (let i = 0; i < 40; i++) controller.enqueue(chunk);
          controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    ),
};

beforeAll(async () => {
  const standIn = new Hono();
  standIn.get('*', (c) => {
    const url = new URL(c.req.url);
    seen.push({ path: url.pathname, key: c.req.header('x-api-key'), query: url.search });
    if (c.req.header('x-api-key') !== SERVER_KEY) return c.json({ error: 'UnauthorizedError', message: 'bad key', requestId: 'up-1' }, 401);
    const hostile = HOSTILE[url.searchParams.get('query') ?? ''];
    if (hostile) return hostile();
    if (url.pathname.endsWith('/00000000-0000-4000-8000-000000000000'))
      return c.json({ error: 'NotFoundError', message: 'nope', requestId: 'up-2' }, 404);
    c.header('ETag', '"up-etag"');
    c.header('Set-Cookie', 'session=abc');
    c.header('x-request-id', 'upstream-id');
    return c.json({ data: [{ path: url.pathname }], pagination: { limit: 100, nextCursor: null, hasMore: false } });
  });
  upstream = await listen(standIn.fetch);
});
afterAll(() => upstream.close());

const proxyApp = (opts: { apiKeys?: string[]; base?: string } = {}) =>
  createApp({
    proxy: { baseUrl: opts.base ?? `${upstream.url}/knowledge-graph/v0`, apiKey: SERVER_KEY, timeoutMs: 2000 },
    apiKeys: opts.apiKeys,
    logError: () => {},
  });

describe('proxy mode', () => {
  it('says the hosted service cannot align a text (a local extension), without asking it', async () => {
    const before = seen.length;
    const r = await proxyApp().request('/api/v0/standards-frameworks/c6496676-d7cb-11e8-824f-0242ac160002/align', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'fractions' }),
    });
    expect(r.status).toBe(404);
    expect((await r.json()).message).toMatch(/no alignment operation.*local API.*saved for offline use/);
    expect(seen.length).toBe(before);
  });

  it('forwards the contract operations with the server key, not the caller key', async () => {
    const app = proxyApp();
    const r = await app.request(
      '/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=c6487102-d7cb-11e8-824f-0242ac160002&gradeLevel=3&gradeLevel=4',
      {
        headers: { 'x-api-key': 'browser-supplied' },
      },
    );
    expect(r.status).toBe(200);
    const last = seen.at(-1)!;
    expect(last.path).toBe('/knowledge-graph/v0/academic-standards');
    expect(last.query).toBe('?standardsFrameworkCaseIdentifierUUID=c6487102-d7cb-11e8-824f-0242ac160002&gradeLevel=3&gradeLevel=4');
    expect(last.key).toBe(SERVER_KEY);
    expect(r.headers.get('etag')).toBe('"up-etag"');
    expect(r.headers.get('set-cookie')).toBeNull();
    expect(r.headers.get('x-upstream-request-id')).toBe('upstream-id');
    const text = await r.text();
    expect(text).not.toContain(SERVER_KEY);
  });

  it.each([
    '/api/v0/standards-frameworks',
    '/api/v0/academic-standards/search?query=fractions',
    '/api/v0/academic-standards/5ebef26f-d7cc-11e8-824f-0242ac160002',
    '/api/v0/academic-standards/5ebef26f-d7cc-11e8-824f-0242ac160002/children?limit=1000',
    '/api/v0/academic-standards/5ebef26f-d7cc-11e8-824f-0242ac160002/crosswalks?jurisdiction=California&minJaccardScore=0.5',
    '/api/v0/academic-standards/5ebef26f-d7cc-11e8-824f-0242ac160002/prerequisites',
    '/api/v0/academic-standards/5ebef26f-d7cc-11e8-824f-0242ac160002/builds-towards?limit=1000',
    '/api/v0/academic-standards/5ebef26f-d7cc-11e8-824f-0242ac160002/related-standards',
    '/api/v0/academic-standards/5ebef26f-d7cc-11e8-824f-0242ac160002/learning-components',
    '/api/v0/learning-components?academicSubject=Mathematics&limit=10',
    '/api/v0/learning-components/search?query=unit%20fractions&limit=5',
    '/api/v0/learning-components/188fe970-4e1d-52c4-9f18-5e2fade05494',
  ])('forwards %s', async (url) => {
    const r = await proxyApp().request(url);
    expect(r.status).toBe(200);
    expect(seen.at(-1)!.path).toBe(`/knowledge-graph/v0${url.replace('/api/v0', '').split('?')[0]}`);
  });

  it('passes upstream errors through', async () => {
    const r = await proxyApp().request('/api/v0/academic-standards/00000000-0000-4000-8000-000000000000');
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ error: 'NotFoundError', message: 'nope', requestId: 'up-2' });
  });

  it('forwards nothing that is not a contract GET', async () => {
    const before = seen.length;
    const app = proxyApp();
    expect((await app.request('/api/v0/admin/keys')).status).toBe(404);
    expect((await app.request('/api/v0/../secrets')).status).toBe(404);
    expect((await app.request('/api/v0/standards-frameworks', { method: 'POST' })).status).toBe(405);
    expect((await app.request('/api/v0/academic-standards/not-a-uuid/children')).status).toBe(404);
    // The local extensions are not the hosted service's: never forwarded.
    expect((await app.request('/api/v0/learning-components/188fe970-4e1d-52c4-9f18-5e2fade05494/academic-standards')).status).toBe(404);
    expect(seen.length).toBe(before);
  });

  it('still asks callers for a key when STANDARDS_API_KEYS is set', async () => {
    const r = await proxyApp({ apiKeys: ['local'] }).request('/api/v0/standards-frameworks');
    expect(r.status).toBe(401);
  });

  it('answers 502 with a contract body when the service cannot be reached', async () => {
    const r = await proxyApp({ base: 'http://127.0.0.1:9/knowledge-graph/v0' }).request('/api/v0/standards-frameworks');
    expect(r.status).toBe(502);
    const body = await r.json();
    expect(body).toMatchObject({ error: 'BadGatewayError' });
    expect(JSON.stringify(body)).not.toContain(SERVER_KEY);
  });

  it.each(Object.keys(HOSTILE))('turns an upstream answer that is not the contract (%s) into the JSON error object', async (name) => {
    const r = await proxyApp().request(`/api/v0/academic-standards/search?query=${name}`);
    expect(r.status).toBe(502);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await r.json();
    expect(body).toMatchObject({ error: 'BadGatewayError' });
    expect(typeof body.requestId).toBe('string');
    expect(JSON.stringify(body)).not.toMatch(/<script|<img|onerror|evil/);
  });
});
