/**
 * Past one machine: instances that import the same export on their own agree on every
 * validator and accept one another's cursors; two processes started together on one cache
 * folder import once; compressed and plain answers never share a strong ETag.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { ensureDatabase } from './import/database-cache';
import { StandardsStore } from './store/standards-store';
import { CA_MATH, REAL_DATA } from './test-support/real-api';

const dirs: string[] = [];
const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'standards-instance-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function instance(options: { cursorKey?: string } = {}) {
  const { path } = await ensureDatabase(REAL_DATA, freshDir());
  const store = new StandardsStore(path);
  return { store, app: createApp({ store, logError: () => {}, ...options }) };
}
const LIST = `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CA_MATH}&limit=50`;

describe('the same data gives the same answers on every instance', () => {
  it('two separate imports: same build, same ETags, and a cursor from one pages on the other', async () => {
    const [a, b] = [await instance(), await instance()];
    expect(a.store.meta.buildId).toBe(b.store.meta.buildId);
    expect(a.store.meta.cursorSecret).toBe(b.store.meta.cursorSecret);
    const first = await a.app.request(LIST);
    expect((await b.app.request(LIST)).headers.get('etag')).toBe(first.headers.get('etag'));
    const { pagination } = (await first.json()) as { pagination: { nextCursor: string } };
    const second = await b.app.request(`${LIST}&cursor=${pagination.nextCursor}`);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(await (await a.app.request(`${LIST}&cursor=${pagination.nextCursor}`)).text());
    // One instance answers the other's validator with 304.
    const revalidated = await b.app.request(LIST, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
  });

  it('a shared STANDARDS_CURSOR_KEY signs alike everywhere; a cursor of another key or other data is refused, saying why', async () => {
    const key = 'a-shared-cursor-key-of-some-length';
    const [a, b, other] = [await instance({ cursorKey: key }), await instance({ cursorKey: key }), await instance()];
    const { pagination } = (await (await a.app.request(LIST)).json()) as { pagination: { nextCursor: string } };
    expect((await b.app.request(`${LIST}&cursor=${pagination.nextCursor}`)).status).toBe(200);
    const refused = await other.app.request(`${LIST}&cursor=${pagination.nextCursor}`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/altered or was not issued/);
    // A cursor naming another build (issued before a data update) says the data changed.
    const parsed = JSON.parse(Buffer.from(pagination.nextCursor, 'base64url').toString());
    const stale = Buffer.from(JSON.stringify({ ...parsed, b: '00000000' })).toString('base64url');
    const answer = await a.app.request(`${LIST}&cursor=${stale}`);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toMatch(/issued on other data: the standards were updated/);
  });

  it('two processes on one cache folder import once; the other waits and serves the same build', async () => {
    const dir = freshDir();
    const [one, two] = await Promise.all([ensureDatabase(REAL_DATA, dir), ensureDatabase(REAL_DATA, dir)]);
    expect(one.path).toBe(two.path);
    expect([one.counts, two.counts].filter(Boolean)).toHaveLength(1);
  });
});

describe('representations a cache cannot mix up', () => {
  it('compressed and plain answers have their own ETag, both vary by Accept-Encoding, and each revalidates', async () => {
    const { app } = await instance();
    const big = `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CA_MATH}&limit=500`;
    const plain = await app.request(big, { headers: { 'accept-encoding': 'identity' } });
    const br = await app.request(big, { headers: { 'accept-encoding': 'br' } });
    const gz = await app.request(big, { headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const tags = [plain, br, gz].map((r) => r.headers.get('etag'));
    expect(new Set(tags).size).toBe(3);
    for (const r of [plain, br, gz]) expect(r.headers.get('vary')).toMatch(/Accept-Encoding/);
    for (const [i, enc] of ['identity', 'br', 'gzip'].entries()) {
      const again = await app.request(big, { headers: { 'accept-encoding': enc, 'if-none-match': tags[i]! } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(tags[i]);
    }
  });
});
