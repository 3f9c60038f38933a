/**
 * Data updates without downtime: the server answers while the first import runs, and a
 * changed export is imported beside the served one and swapped in with no failed request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from './app';
import { SAMPLE_DATA } from './config';
import { LiveData } from './live-data';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'live-data-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Live data over a copy of the sample export (which a test may change). */
function liveData(searchThreads: number) {
  const dataDir = tempDir();
  const cacheDir = tempDir();
  cpSync(SAMPLE_DATA, dataDir, { recursive: true });
  const data = new LiveData({ dataDirs: [dataDir], cacheDir, dataSource: 'STANDARDS_DATA', searchThreads }, (store, searcher, preparing) =>
    createApp({ store, searcher, preparing, logError: () => {} }),
  );
  const get = (path: string) => data.fetch(new Request(`http://local${path}`));
  return { dir: dataDir, cacheDir, data, get };
}

describe('LiveData', () => {
  it('answers 503 with Retry-After and the progress while the first import runs, then serves the data', async () => {
    const { data, get } = liveData(0);
    const importing = data.importAndSwap();
    const during = await get('/api/v0/standards-frameworks');
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('3');
    const body = (await during.json()) as { error: string; message: string; requestId: string };
    expect(body.error).toBe('ServiceUnavailableError');
    expect(body.message).toMatch(/being prepared \(importing, \d+ %\)/);
    const health = await get('/healthz');
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ ok: false, status: 'importing' });
    await importing;
    expect(data.ready).toBe(true);
    const after = await get('/api/v0/standards-frameworks');
    expect(after.status).toBe(200);
    expect(((await after.json()) as { data: unknown[] }).data).toHaveLength(2);
    await data.close();
  });

  it('swaps in changed data under load with no failed request, word search on threads throughout', async () => {
    const { dir, cacheDir, data, get } = liveData(2);
    await data.importAndSwap();
    const databases = () => readdirSync(cacheDir).filter((f) => f.endsWith('.sqlite'));
    const first = databases();
    expect(first).toHaveLength(1);
    const frameworks = async () => ((await (await get('/api/v0/standards-frameworks')).json()) as { data: Array<{ name: string }> }).data;
    expect(await frameworks()).toHaveLength(2);

    // A third framework in the export, as a new release would bring.
    const nodes = readFileSync(join(dir, 'nodes.jsonl'), 'utf8').split('\n').filter(Boolean);
    const framework = JSON.parse(nodes.find((l) => l.includes('"StandardsFramework"'))!) as {
      identifier: string;
      properties: Record<string, unknown>;
    };
    framework.identifier = 'new-framework';
    framework.properties = {
      ...framework.properties,
      identifier: 'new-framework',
      caseIdentifierUUID: 'aaaaaaaa-0000-4000-8000-000000000001',
      name: 'A new framework',
    };
    appendFileSync(join(dir, 'nodes.jsonl'), JSON.stringify(framework) + '\n');

    let stop = false;
    const statuses: number[] = [];
    const load = async () => {
      const paths = ['/api/v0/standards-frameworks', '/api/v0/academic-standards/search?query=fracciones&limit=5', '/healthz'];
      for (let i = 0; !stop; i++) {
        statuses.push((await get(paths[i % paths.length]!)).status);
        // Requests over a network arrive as I/O; in process, yield as they would.
        await new Promise((r) => setImmediate(r));
      }
    };
    const clients = Array.from({ length: 4 }, load);
    await data.importAndSwap();
    // Counted, not timed: how many requests fit in the import depends on the machine, so
    // the load goes on until the new data has answered a few rounds as well.
    const duringImport = statuses.length;
    await expect.poll(() => statuses.length, { timeout: 10_000 }).toBeGreaterThan(duringImport + 24);
    stop = true;
    await Promise.all(clients);
    expect(duringImport).toBeGreaterThan(4);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect((await frameworks()).map((f) => f.name)).toContain('A new framework');
    // The old database is removed once its threads have stopped (not before: a search
    // thread starting late would not find it), leaving the new one alone.
    await expect.poll(databases, { timeout: 5000 }).toHaveLength(1);
    expect(databases()).not.toEqual(first);
    await data.close();
  });

  it('keeps serving the old data when the new export fails to import', async () => {
    const { dir, data, get } = liveData(0);
    await data.importAndSwap();
    appendFileSync(join(dir, 'relationships.jsonl'), '{"type": "relationship", broken\n');
    await expect(data.importAndSwap()).rejects.toThrow(/relationships\.jsonl:\d+: not valid JSON/);
    expect((await get('/api/v0/standards-frameworks')).status).toBe(200);
    await data.close();
  });
});
