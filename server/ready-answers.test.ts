import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadyAnswers } from './ready-answers';
import { CA_MATH, REAL_DATA, openApi } from './test-support/real-api';
import { listen } from './test-support/listen';

/** The local API behind kept answers, as main.ts serves it; counts what reached the app. */
async function serve(options: { apiKeys?: string[]; maxBytes?: number } = {}) {
  const { app } = await openApi(REAL_DATA, options);
  const answers = new ReadyAnswers('/api/v0/', options.maxBytes);
  const reached: string[] = [];
  const server = await listen(
    async (req) => {
      reached.push(new URL(req.url).pathname + new URL(req.url).search);
      return answers.keep(req, await app.fetch(req));
    },
    (req, res) => answers.answer(req, res),
  );
  return { ...server, reached };
}

const ITEM = '5ec0b0be-d7cc-11e8-824f-0242ac160002';
const ROUTES = [
  `/api/v0/academic-standards/${ITEM}`,
  `/api/v0/academic-standards/${CA_MATH}/children?limit=1000`,
  `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CA_MATH}&limit=1000`,
  `/api/v0/academic-standards/search?statementCode=3.NF.A.1`,
  `/api/v0/academic-standards/search?query=unit%20fractions&limit=20`,
  `/api/v0/standards-frameworks/${CA_MATH}/search?statementCodePrefix=3.NF`,
  `/api/v0/standards-frameworks?limit=1000`,
];

async function fetchRaw(url: string, headers: Record<string, string> = {}) {
  const r = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  const body = Buffer.from(await r.arrayBuffer());
  const h = Object.fromEntries([...r.headers].filter(([k]) => !['date', 'x-request-id', 'keep-alive', 'connection'].includes(k)));
  return { status: r.status, headers: h, body, requestId: r.headers.get('x-request-id') };
}

describe('kept answers', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve();
  });
  afterAll(() => server.close());

  it('answer a repeated request exactly as the app did (status, headers, bytes), each with its own request id', async () => {
    for (const route of ROUTES) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const before = server.reached.length;
        const first = await fetchRaw(server.url + route, { 'accept-encoding': encoding });
        const again = await fetchRaw(server.url + route, { 'accept-encoding': encoding });
        expect(first.status, route).toBe(200);
        expect(server.reached.length - before, `${route} ${encoding}: the second request never reached the app`).toBe(1);
        expect(again.headers, route).toEqual(first.headers);
        expect(again.body.equals(first.body), route).toBe(true);
        expect(again.requestId).toMatch(/^[0-9a-f-]{36}$/);
        expect(again.requestId).not.toBe(first.requestId);
      }
    }
  });

  it('keep each encoding apart: a Brotli answer never goes to a client that did not ask for it', async () => {
    const route = ROUTES[2]!;
    const br = await fetchRaw(server.url + route, { 'accept-encoding': 'br' });
    const plain = await fetchRaw(server.url + route, { 'accept-encoding': 'identity' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.body.equals(plain.body)).toBe(true); // fetch decodes: the same answer
  });

  it('leave conditional requests, HEAD, errors and unknown paths to the app', async () => {
    const route = ROUTES[0]!;
    const { headers } = await fetchRaw(server.url + route);
    let before = server.reached.length;
    const conditional = await fetch(server.url + route, { headers: { 'if-none-match': headers.etag! } });
    expect(conditional.status).toBe(304);
    expect(conditional.headers.get('etag')).toBe(headers.etag);
    expect((await fetch(server.url + route, { method: 'HEAD' })).status).toBe(200);
    expect(server.reached.length - before).toBe(2);
    for (const path of [
      '/api/v0/academic-standards/00000000-0000-0000-0000-000000000000',
      '/api/v0/academic-standards?limit=5',
      '/api/v0/nothing',
    ]) {
      before = server.reached.length;
      const a = await fetchRaw(server.url + path);
      const b = await fetchRaw(server.url + path);
      expect(a.status, path).toBeGreaterThanOrEqual(400);
      expect(b.status).toBe(a.status);
      expect(JSON.parse(b.body.toString()).requestId).toBe(b.requestId);
      expect(server.reached.length - before, path).toBe(2);
    }
  });

  it('never keep an answer of an API with keys: every request must show its key', async () => {
    const keyed = await serve({ apiKeys: ['k-123'] });
    try {
      const route = keyed.url + ROUTES[0]!;
      expect((await fetch(route, { headers: { 'x-api-key': 'k-123' } })).status).toBe(200);
      expect((await fetch(route, { headers: { 'x-api-key': 'k-123' } })).status).toBe(200);
      expect((await fetch(route)).status).toBe(401);
      expect(keyed.reached).toHaveLength(3);
    } finally {
      await keyed.close();
    }
  });

  it('stay within their memory bound, least recently used first out', async () => {
    const small = await serve({ maxBytes: 64 * 1024 });
    try {
      const list = `${small.url}${ROUTES[2]!.replace('limit=1000', 'limit=20')}`;
      await fetch(list);
      await fetch(list);
      const reachedBefore = small.reached.length;
      await fetch(list); // kept
      expect(small.reached.length).toBe(reachedBefore);
      // Fill past the bound with other answers (Brotli: Node's fetch asks for it): the list page goes.
      const big = `${small.url}/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CA_MATH}&limit=`;
      for (let n = 21; n < 40; n++) await fetch(big + n);
      const after = small.reached.length;
      await fetch(list);
      expect(small.reached.length).toBe(after + 1);
    } finally {
      await small.close();
    }
  });
});
