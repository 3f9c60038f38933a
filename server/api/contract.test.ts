/**
 * Every row of the contract's status table, against the real local API.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '../../contract/schemas';
import { CA_MATH, REAL_DATA, openApi } from '../test-support/real-api';

const DATA = REAL_DATA;
let api: Awaited<ReturnType<typeof openApi>>;
let framework: string;
let anItem: string;

beforeAll(async () => {
  api = await openApi(DATA);
  framework = CA_MATH;
  anItem = (await api.get(`/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${framework}&limit=1`)).body.data[0]
    .caseIdentifierUUID;
});

function expectError(r: { status: number; body: unknown; headers: Headers }, status: number, error: string, messageIncludes?: string) {
  expect(r.status).toBe(status);
  const body = apiErrorBodySchema.parse(r.body);
  expect(body.error).toBe(error);
  expect(body.requestId).toBe(r.headers.get('x-request-id'));
  expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|\.ts:\d+|node_modules|SQLITE/);
  if (messageIncludes) expect(body.message).toContain(messageIncludes);
  return body;
}

const list = (q: string) => `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${framework}${q}`;

describe('400 ValidationError', () => {
  it('when a required parameter is missing', async () => {
    expectError(await api.get('/api/v0/academic-standards'), 400, 'ValidationError', 'standardsFrameworkCaseIdentifierUUID');
  });
  it('when a path UUID is not a UUID', async () => {
    expectError(await api.get('/api/v0/academic-standards/not-a-uuid'), 400, 'ValidationError', 'UUID');
    expectError(await api.get('/api/v0/academic-standards/123/children'), 400, 'ValidationError', 'UUID');
    expectError(await api.get('/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=xyz'), 400, 'ValidationError', 'UUID');
  });
  it.each(['0', '1001', '-1', '1.5', 'ten', '1e2', ' 5'])('when limit is %j', async (limit) => {
    expectError(await api.get(list(`&limit=${encodeURIComponent(limit)}`)), 400, 'ValidationError', '1 to 1000');
  });
  it('when search limit is over 50', async () => {
    expectError(await api.get('/api/v0/academic-standards/search?query=fractions&limit=51'), 400, 'ValidationError', '1 to 50');
  });
  it('when limit is given twice', async () => {
    expectError(await api.get(list('&limit=5&limit=6')), 400, 'ValidationError', 'at most once');
  });
  it('when the cursor is not base64 JSON, forged, tampered or from another query', async () => {
    const first = await api.get(list('&limit=2'));
    const cursor: string = first.body.pagination.nextCursor;
    expectError(await api.get(list('&cursor=!!!')), 400, 'ValidationError', 'cursor');
    expectError(await api.get(list(`&cursor=${Buffer.from('hello').toString('base64')}`)), 400, 'ValidationError', 'cursor');
    const forged = Buffer.from(JSON.stringify({ identifier: anItem })).toString('base64');
    expectError(await api.get(list(`&cursor=${forged}`)), 400, 'ValidationError', 'cursor');
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...decoded, k: decoded.k + 5 })).toString('base64url');
    expectError(await api.get(list(`&cursor=${tampered}`)), 400, 'ValidationError', 'altered');
    expectError(await api.get(list(`&gradeLevel=3&cursor=${cursor}`)), 400, 'ValidationError', 'different query');
    expectError(
      await api.get(`/api/v0/academic-standards/${framework}/children?cursor=${cursor}`),
      400,
      'ValidationError',
      'different query',
    );
    // The same cursor with its own query still works, with another page size too.
    expect((await api.get(list(`&limit=3&cursor=${cursor}`))).status).toBe(200);
  });
  it('when search has neither or both of query and statementCode, or too long values', async () => {
    expectError(await api.get('/api/v0/academic-standards/search'), 400, 'ValidationError', 'exactly one');
    expectError(await api.get('/api/v0/academic-standards/search?query=a&statementCode=b'), 400, 'ValidationError', 'exactly one');
    expectError(await api.get(`/api/v0/academic-standards/search?query=${'a'.repeat(501)}`), 400, 'ValidationError', '500');
    expectError(await api.get(`/api/v0/academic-standards/search?statementCode=${'a'.repeat(51)}`), 400, 'ValidationError', '50');
    expectError(await api.get('/api/v0/academic-standards/search?query=%20%2B%2B'), 400, 'ValidationError', 'no words');
  });
  it('when includeNonCurrent is not a boolean', async () => {
    expectError(await api.get('/api/v0/standards-frameworks?includeNonCurrent=yes'), 400, 'ValidationError', 'true or false');
  });
});

describe('422 ValidationError for values outside an enum, listing the allowed values', () => {
  it.each([
    ['list&gradeLevel=13', 'PK, K, 1'],
    ['list&gradeLevel=3&gradeLevel=k', 'PK, K, 1'],
    ['list&academicSubject=Math', 'Mathematics'],
    ['list&normalizedStatementType=standard', 'Standard Grouping'],
    ['/api/v0/academic-standards/search?query=x&jurisdiction=Atlantis', 'California'],
    ['/api/v0/standards-frameworks?adoptionStatus=Live', 'Adopted'],
    ['/api/v0/standards-frameworks?jurisdiction=CA', 'Multi-State'],
  ])('%s', async (url, allowed) => {
    const body = expectError(await api.get(url.replace(/^list/, list(''))), 422, 'ValidationError', allowed);
    expect(Array.isArray(body.details?.allowed)).toBe(true);
  });
});

describe('404 NotFoundError', () => {
  const missing = '00000000-0000-4000-8000-000000000000';
  it('get names the UUID and asks to verify it', async () => {
    const body = expectError(await api.get(`/api/v0/academic-standards/${missing}`), 404, 'NotFoundError', missing);
    expect(body.message).toMatch(/verify/i);
  });
  it('children of an unknown UUID', async () => {
    expectError(await api.get(`/api/v0/academic-standards/${missing}/children`), 404, 'NotFoundError', missing);
  });
  it('the list answers an empty page for an unknown framework', async () => {
    const r = await api.get(`/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${missing}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: [], pagination: { limit: 100, nextCursor: null, hasMore: false } });
  });
  it('a path that is no operation', async () => {
    expectError(await api.get('/api/v0/academic-standard'), 404, 'NotFoundError');
    expectError(await api.get('/api/v0'), 404, 'NotFoundError');
  });
});

describe('401 UnauthorizedError when keys are configured', () => {
  it('rejects a missing or unknown key and accepts a listed one', async () => {
    const guarded = await openApi(DATA, { apiKeys: ['key-one', 'key-two'] });
    expectError(await guarded.get('/api/v0/standards-frameworks'), 401, 'UnauthorizedError', 'x-api-key');
    expectError(await guarded.get('/api/v0/standards-frameworks', { 'x-api-key': 'key-three' }), 401, 'UnauthorizedError');
    const ok = await guarded.get('/api/v0/standards-frameworks', { 'x-api-key': 'key-two' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toMatch(/^private/);
  });
  it('is open when no keys are configured', async () => {
    expect((await api.get('/api/v0/standards-frameworks')).status).toBe(200);
  });
});

describe('500 InternalServerError', () => {
  it('answers generic text, never a stack trace', async () => {
    const broken = await openApi(DATA);
    broken.store.close(); // every query now throws inside better-sqlite3
    const body = expectError(await broken.get(`/api/v0/academic-standards/${anItem}`), 500, 'InternalServerError', 'requestId');
    expect(body.message).not.toMatch(/database|sqlite|closed/i);
  });
});

describe('every response', () => {
  it('carries a unique x-request-id, errors included', async () => {
    const ids = new Set<string>();
    for (const url of ['/api/v0/standards-frameworks', '/api/v0/academic-standards/x', '/healthz', '/api/v0/nothing']) {
      const r = await api.get(url);
      const id = r.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id!);
    }
    expect(ids.size).toBe(4);
  });
  it('non-GET methods are 405 with Allow', async () => {
    const r = await api.app.request('/api/v0/standards-frameworks', { method: 'POST' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toContain('GET');
  });
});

describe('HTTP caching', () => {
  it('sends ETag and Cache-Control, and answers If-None-Match with 304', async () => {
    const url = `/api/v0/academic-standards/${anItem}`;
    const first = await api.get(url);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const again = await api.get(url, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await api.get(`${list('&limit=1')}`, { 'if-none-match': etag! });
    expect(other.status).toBe(200);
  });
  it('never caches errors', async () => {
    const r = await api.get('/api/v0/academic-standards/x');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('etag')).toBeNull();
  });
});
