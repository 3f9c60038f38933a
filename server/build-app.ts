/**
 * Builds the browser app when dist/ is missing or older than its sources, so
 * `npm start` on a fresh clone just works and a second start is instant.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './config';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

export async function ensureBuilt(distDir: string) {
  const builtAt = newestMtime(join(distDir, 'index.html'));
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => newestMtime(join(PROJECT_ROOT, p)));
  if (builtAt > 0 && builtAt >= Math.max(...sources)) return;
  console.log(builtAt ? 'The app changed since the last build: building…' : 'Building the app (first start)…');
  const { build } = await import('vite');
  await build({ root: PROJECT_ROOT, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
}
