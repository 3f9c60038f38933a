/**
 * Serves the built app: hashed assets cached for a year, everything else revalidated,
 * every file marked as varying by Accept-Encoding (its precompressed copies are other bytes),
 * and any other page path answered with its page (`page-html.ts`) so deep links work after a reload.
 * Every HTML page says who may frame it.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';
import { framingHeaders } from './framing';
import { pageHtml } from './page-html';
import { LTI_SESSION_PATTERN } from './lti/lti-claims';
import { createHash } from 'node:crypto';
import { Compressor, preferredEncoding } from './api/compression';

export interface ServeAppOptions {
  /** Origins that may frame /embed, besides this site. */
  embedOrigins?: readonly string[];
  /** Where this server answers the API (its first answers are preloaded by the pages), or null. */
  apiBase?: string | null;
  /** A page's first screen drawn from the data (first-screen.ts), where the server holds the data. */
  firstScreen?: (url: URL) => Promise<string | null>;
}

export function serveApp<E extends Env>(
  app: Hono<E>,
  distDir: string,
  { embedOrigins = [], apiBase = null, firstScreen }: ServeAppOptions = {},
) {
  // Headers are set after the file is served: serveStatic builds its response first.
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/')) return;
    const type = c.res.headers.get('content-type') ?? '';
    if (type.startsWith('text/html')) {
      const lti = LTI_SESSION_PATTERN.test(c.req.query('lti') ?? '');
      for (const [k, v] of Object.entries(framingHeaders(c.req.path, embedOrigins, { lti }))) c.header(k, v);
    }
    if (!c.res.headers.has('cache-control'))
      c.header('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    // A file may go out as its .br or .gz copy: the plain answer says so too, or a shared
    // cache would hand the plain bytes (kept a year) to every browser that asks.
    if (!type.startsWith('text/html') && c.res.status < 400 && !c.res.headers.has('vary')) c.header('Vary', 'Accept-Encoding');
  });
  // Pages carry their first screen and its styles (tens of KB): compressed as the API's answers are.
  const pages = new Compressor();
  // Assets go out as the build's .br/.gz copies when the browser accepts them.
  app.use('*', serveStatic({ root: distDir, precompressed: true }));
  app.get('*', async (c) => {
    // A missing file with an extension is a real 404, not a page route.
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not found', 404);
    const url = new URL(c.req.url);
    // The page stays whole without its first screen: a failure to draw it never fails the page.
    const screen = firstScreen ? await firstScreen(url).catch(() => null) : null;
    const html = pageHtml(distDir, url, apiBase, screen);
    if (html === null) return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 404);
    const body = Buffer.from(html);
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    // Keyed by the page's own bytes: the same page is compressed once, a rebuilt one anew.
    const packed = await pages.compress(createHash('sha1').update(body).digest('base64'), body, encoding);
    c.header('Vary', 'Accept-Encoding');
    if (!packed) return c.html(html);
    return c.body(new Uint8Array(packed), 200, { 'Content-Type': 'text/html; charset=UTF-8', 'Content-Encoding': encoding! });
  });
}
