/**
 * Build step: writes Brotli (.br) and gzip (.gz) copies of the hashed assets, so the
 * server sends a third of the bytes without compressing on every request. Only
 * dist/assets/ is compressed: its names change with their content, so a copy can
 * never be older than its file (unlike sw.js or index.html, which keep their names).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|json|html|webmanifest)$/;
/** Below this, headers outweigh the saving. */
const MIN_BYTES = 1024;

export function compressAssets(dir: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const name of readdirSync(dir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const path = join(dir, name);
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    totals.files++;
    totals.bytes += body.length;
    totals.brotliBytes += brotli.length;
  }
  return totals;
}

/** The Vite plugin: runs once the bundle is on disk. */
export function compressAssetsPlugin(): Plugin {
  let outDir = 'dist';
  let log: (message: string) => void = () => {};
  return {
    name: 'standards-explorer:compress-assets',
    apply: 'build',
    configResolved(config) {
      // resolve, not join: `npm start` builds with an absolute outDir.
      outDir = resolve(config.root, config.build.outDir, config.build.assetsDir);
      log = (message) => config.logger.info(message);
    },
    closeBundle() {
      const { files, bytes, brotliBytes } = compressAssets(outDir);
      log(`compressed ${files} assets: ${(bytes / 1024).toFixed(0)} kB → ${(brotliBytes / 1024).toFixed(0)} kB brotli (+ gzip)`);
    },
  };
}
