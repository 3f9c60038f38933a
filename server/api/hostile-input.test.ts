/**
 * Hostile requests over a real socket (raw paths, not normalized by a client):
 * each gets a clean 4xx with a contract error body, and the server stays up.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '../../contract/schemas';
import { REAL_DATA, openApi } from '../test-support/real-api';
import { listen } from '../test-support/listen';

let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  const api = await openApi(REAL_DATA);
  server = await listen(api.app.fetch);
});
afterAll(() => server.close());

function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const FW = 'c6487102-d7cb-11e8-824f-0242ac160002';

describe('hostile inputs get clean 4xx errors', () => {
  it.each([
    ['huge limit', `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${FW}&limit=${'9'.repeat(5000)}`],
    ['huge cursor', `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${FW}&cursor=${'A'.repeat(20000)}`],
    ['huge enum value', `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${FW}&gradeLevel=${'x'.repeat(20000)}`],
    ['NUL byte in a value', `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${FW}&gradeLevel=3%00`],
    ['NUL byte in the path', '/api/v0/academic-standards/%00'],
    ['bad percent-encoding in a value', `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=%E0%A4%A`],
    ['bad percent-encoding in the path', '/api/v0/academic-standards/%E0%A4%A/children'],
    ['invalid UTF-8', '/api/v0/academic-standards/search?statementCode=%FF%FE&jurisdiction=%C3%28'],
    ['path traversal in the id', '/api/v0/academic-standards/..%2F..%2Fetc%2Fpasswd'],
    ['many repeated params', `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${FW}${'&gradeLevel=bad'.repeat(2000)}`],
    ['a very long search query', `/api/v0/academic-standards/search?query=${'word%20'.repeat(3000)}`],
    ['a cursor of JSON null', `/api/v0/standards-frameworks?cursor=${Buffer.from('null').toString('base64url')}`],
  ])('%s', async (_name, path) => {
    const r = await rawGet(path);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    const body = apiErrorBodySchema.parse(JSON.parse(r.body));
    expect(body.message.length).toBeLessThan(1200); // enum errors list every allowed value
    expect(body.message).not.toContain('x'.repeat(100));
  });

  it.each(['/../../package.json', '/%2e%2e/%2e%2e/package.json', '/..%2f..%2fserver%2fmain.ts', '/assets/..%5c..%5cpackage.json'])(
    'static serving never leaves the build folder: %s',
    async (path) => {
      const r = await rawGet(path);
      expect(r.body).not.toContain('"name": "standards-explorer"');
      expect(r.body).not.toContain('ensureBuilt');
    },
  );

  it('is still up and answering after all of that', async () => {
    expect((await rawGet('/api/v0/standards-frameworks?limit=1')).status).toBe(200);
  });
});
