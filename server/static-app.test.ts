import { mkdirSync, mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressAssets, compressAssetsPlugin } from './compress-assets';
import { SAMPLE_DATA, openApi } from './test-support/real-api';

function builtApp() {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  const script = Array.from({ length: 200 }, (_, i) => `export const item${i} = 'standard ${i}';`).join('\n');
  writeFileSync(join(dist, 'assets', 'app-3f2a.js'), script);
  writeFileSync(join(dist, 'assets', 'app-3f2a.js.map'), JSON.stringify({ mappings: 'A'.repeat(5000) }));
  writeFileSync(join(dist, 'assets', 'tiny-9c1d.js'), 'export {};');
  return { dist, script };
}

describe('built assets', () => {
  it('are compressed once at build time: scripts and styles, not source maps or tiny files', () => {
    const { dist } = builtApp();
    const totals = compressAssets(join(dist, 'assets'));
    expect(totals.files).toBe(1);
    expect(totals.brotliBytes).toBeLessThan(totals.bytes / 3);
    expect(existsSync(join(dist, 'assets', 'app-3f2a.js.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'app-3f2a.js.gz'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'app-3f2a.js.map.br'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'tiny-9c1d.js.br'))).toBe(false);
  });

  it('are found by the build plugin whether the output folder is relative or absolute (as `npm start` builds)', () => {
    for (const absolute of [false, true]) {
      const { dist } = builtApp();
      const plugin = compressAssetsPlugin() as unknown as {
        configResolved: (config: object) => void;
        closeBundle: () => void;
      };
      const root = absolute ? '/somewhere/else' : join(dist, '..');
      const outDir = absolute ? dist : dist.slice(join(dist, '..').length + 1);
      plugin.configResolved({ root, build: { outDir, assetsDir: 'assets' }, logger: { info: () => {} } });
      plugin.closeBundle();
      expect(existsSync(join(dist, 'assets', 'app-3f2a.js.br')), `absolute outDir: ${absolute}`).toBe(true);
    }
  });

  it('go out as Brotli, gzip or plain by the browser’s Accept-Encoding, each saying it varies by it, cached for a year', async () => {
    const { dist, script } = builtApp();
    compressAssets(join(dist, 'assets'));
    const { app } = await openApi(SAMPLE_DATA, { distDir: dist });
    const get = (encoding: string) => app.request('/assets/app-3f2a.js', { headers: encoding ? { 'accept-encoding': encoding } : {} });

    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);

    const gz = await get('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await get('');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
    // The plain answer varies too: a shared cache must not hand it to a browser that accepts Brotli.
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);

    const small = await app.request('/assets/tiny-9c1d.js', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('export {};');
  });
});
