/**
 * Serves the built app: hashed assets cached for a year, everything else revalidated,
 * and any other page path answered with index.html so deep links work after a reload.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function serveApp<E extends Env>(app: Hono<E>, distDir: string) {
  app.use(
    '*',
    serveStatic({
      root: distDir,
      onFound: (path, c) => {
        c.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  const indexPath = join(distDir, 'index.html');
  app.get('*', (c) => {
    // A missing file with an extension is a real 404, not a page route.
    if (/\.[a-z0-9]+$/i.test(c.req.path) || !existsSync(indexPath)) {
      return c.text(
        existsSync(indexPath) ? 'Not found' : 'The app is not built yet: run `npm run build` (npm start does it for you).',
        404,
      );
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexPath, 'utf8'));
  });
}
