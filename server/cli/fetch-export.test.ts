import { Hono } from 'hono';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REAL_DATA } from '../test-support/real-api';
import { listen } from '../test-support/listen';
import { fetchExport } from './fetch-export';

const SOURCE = REAL_DATA;
let server: Awaited<ReturnType<typeof listen>>;
const out = mkdtempSync(join(tmpdir(), 'standards-fetch-'));

beforeAll(async () => {
  // A local stand-in for the public export host, serving the shared files.
  const host = new Hono();
  host.get('/knowledge-graph/v1.11.0/exports/:file', (c) => {
    const file = c.req.param('file');
    if (!['nodes.jsonl', 'relationships.jsonl'].includes(file)) return c.notFound();
    return c.body(readFileSync(join(SOURCE, file)), 200, { 'content-type': 'application/jsonl' });
  });
  host.get('/knowledge-graph/v9.9.9/exports/:file', (c) => c.html('<html>maintenance</html>'));
  server = await listen(host.fetch);
});
afterAll(async () => {
  await server.close();
  rmSync(out, { recursive: true, force: true });
});

describe('npm run data:fetch', () => {
  it('streams both files of a release into the folder, byte for byte', async () => {
    const dir = join(out, 'ok');
    const log: string[] = [];
    await fetchExport({ release: 'v1.11.0', outDir: dir, baseUrl: `${server.url}/knowledge-graph`, log: (l) => log.push(l) });
    for (const f of ['nodes.jsonl', 'relationships.jsonl'])
      expect(readFileSync(join(dir, f)).equals(readFileSync(join(SOURCE, f)))).toBe(true);
    expect(log.some((l) => l.includes('saved'))).toBe(true);
  });

  it('refuses a bad release name, a missing release and a non-export answer, leaving no partial files', async () => {
    const dir = join(out, 'bad');
    const base = `${server.url}/knowledge-graph`;
    await expect(fetchExport({ release: '1.11', outDir: dir, baseUrl: base })).rejects.toThrow(/looks like v1\.11\.0/);
    await expect(fetchExport({ release: 'v0.0.1', outDir: dir, baseUrl: base })).rejects.toThrow(/answered 404/);
    await expect(fetchExport({ release: 'v9.9.9', outDir: dir, baseUrl: base })).rejects.toThrow(/not a Learning Commons export file/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
