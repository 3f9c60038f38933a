/**
 * Serves the built app: hashed assets cached for a year, everything else revalidated,
 * and any other page path answered with index.html so deep links work after a reload.
 * Every HTML page says who may frame it.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { framingHeaders } from './framing';

export function serveApp<E extends Env>(app: Hono<E>, distDir: string, embedOrigins: readonly string[] = []) {
  // Headers are set after the file is served: serveStatic builds its response first.
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/')) return;
    const type = c.res.headers.get('content-type') ?? '';
    if (type.startsWith('text/html')) for (const [k, v] of Object.entries(framingHeaders(c.req.path, embedOrigins))) c.header(k, v);
    if (!c.res.headers.has('cache-control'))
      c.header('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  });
  // Assets go out as the build's .br/.gz copies when the browser accepts them.
  app.use('*', serveStatic({ root: distDir, precompressed: true }));
  const indexPath = join(distDir, 'index.html');
  app.get('*', (c) => {
    // A missing file with an extension is a real 404, not a page route.
    if (/\.[a-z0-9]+$/i.test(c.req.path) || !existsSync(indexPath)) {
      return c.text(
        existsSync(indexPath) ? 'Not found' : 'The app is not built yet: run `npm run build` (npm start does it for you).',
        404,
      );
    }
    return c.html(readFileSync(indexPath, 'utf8'));
  });
}
