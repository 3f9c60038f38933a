/**
 * The HTTP surface: request ids and contract errors everywhere, the Standards API
 * (local or proxied) under /api/v0, and the built app for every other path.
 */
import { API_HEADERS } from './framing';
import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { requireApiKey } from './api/auth';
import { ApiError, errorBody } from './api/errors';
import { CORS_HEADERS, apiPreflight } from './api/cors';
import { createLocalApi } from './api/local-api';
import { mcpEndpoint } from './mcp/http-endpoint';
import { createProxyApi, type ProxyOptions } from './api/proxy';
import { serveApp } from './static-app';
import { firstScreenHtml } from './first-screen';
import { ltiRoutes } from './lti/lti-routes';
import type { LtiStore } from './lti/lti-store';
import type { StandardsStore } from './store/standards-store';
import type { Searcher } from './search/searcher';

export const API_BASE = '/api/v0';
/** How long a client waits before asking again while the data is being prepared. */
export const RETRY_AFTER_SECONDS = 3;

export interface AppOptions {
  store?: StandardsStore;
  /** Where word searches run (default: on the request's thread). */
  searcher?: Searcher;
  proxy?: ProxyOptions | null;
  apiKeys?: readonly string[];
  /** Signs cursors alike on every instance (STANDARDS_CURSOR_KEY); default: a key derived from the data. */
  cursorKey?: string | null;
  /** API answers' max-age and stale-while-revalidate, in seconds (defaults 60 and 600). */
  maxAge?: number;
  staleWhileRevalidate?: number;
  distDir?: string;
  /**
   * While the first import runs: how far it is. The app is served, /healthz says
   * "importing", and every API request answers 503 with Retry-After.
   */
  preparing?: () => { percent: number };
  /** Origins that may frame /embed, besides this site. */
  embedOrigins?: readonly string[];
  /** The LTI 1.3 tool under /lti (README "In the LMS"): where it keeps keys and registrations, and its public origin. */
  lti?: { store: LtiStore; publicUrl: string | null; registrationHosts?: readonly string[] } | null;
  logError?: (requestId: string, error: unknown) => void;
}

type Env = { Variables: { requestId: string } };

const API_COMMON_HEADERS: [string, string][] = [...CORS_HEADERS, ...Object.entries(API_HEADERS)];
const PAGE_HEADERS: [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

export function createApp({
  store,
  searcher,
  preparing,
  proxy,
  apiKeys = [],
  cursorKey = null,
  maxAge,
  staleWhileRevalidate,
  distDir,
  embedOrigins = [],
  lti = null,
  logError = defaultLogError,
}: AppOptions) {
  const app = new Hono<Env>();

  app.use('*', async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    const headers: [string, string][] = [
      ['x-request-id', requestId],
      ...(c.req.path.startsWith('/api/') ? API_COMMON_HEADERS : PAGE_HEADERS),
    ];
    // Set before the answer is made, they are part of it as it is made; set on a finished
    // answer, the framework rebuilt it (about a third of an API request's time).
    for (const [name, value] of headers) c.header(name, value);
    await next();
    // An answer made outside the context (a proxied one, a static file) did not take them.
    if (c.res.headers.get('x-request-id') !== requestId) for (const [name, value] of headers) c.header(name, value);
  });

  const toResponse = (e: unknown, c: Context<Env>) => {
    const requestId = c.get('requestId');
    const error =
      e instanceof ApiError
        ? e
        : new ApiError(
            500,
            'InternalServerError',
            'Something went wrong on the server. Try again; if it keeps happening, report the requestId.',
          );
    if (!(e instanceof ApiError)) logError(requestId, e);
    if (error.status === 405) c.header('Allow', 'GET, HEAD, OPTIONS');
    c.header('Cache-Control', 'no-store');
    c.header('x-request-id', requestId);
    return c.json(errorBody(error, requestId), error.status);
  };
  app.onError(toResponse);

  app.use(`${API_BASE}/*`, apiPreflight);
  app.use(`${API_BASE}/*`, async (c, next) => {
    // Every operation is a GET but the alignment extension, which takes a text too long for a URL.
    const align = c.req.method === 'POST' && c.req.path.endsWith('/align');
    if (!align && !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method))
      throw new ApiError(
        405,
        'MethodNotAllowedError',
        `${c.req.method} is not supported: every operation of this API is a GET (but POST …/align).`,
      );
    await next();
  });
  if (apiKeys.length) app.use(`${API_BASE}/*`, requireApiKey(apiKeys));

  const api = proxy
    ? createProxyApi(proxy)
    : store
      ? createLocalApi(store, { private: apiKeys.length > 0, searcher, cursorKey, maxAge, staleWhileRevalidate })
      : null;
  if (api) app.route(API_BASE, api);
  else if (preparing)
    app.all(`${API_BASE}/*`, (c) => {
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new ApiError(
        503,
        'ServiceUnavailableError',
        `The standards data is being prepared (importing, ${preparing().percent} %). Try again in ${RETRY_AFTER_SECONDS} seconds.`,
      );
    });
  else throw new Error('createApp needs a store, proxy options or an import in progress');
  const noOperation = new ApiError(
    404,
    'NotFoundError',
    'There is no operation at this path. The operations are /standards-frameworks and /academic-standards (list, search, {uuid}, {uuid}/children).',
  );
  app.all(API_BASE, (c) => toResponse(noOperation, c));
  app.all(`${API_BASE}/*`, (c) => toResponse(noOperation, c));

  // The tool server for AI assistants, reading this very API (docs/assistants.md).
  app.all(
    '/mcp',
    mcpEndpoint({
      apiKeys,
      local: !!store,
      callApi: (path, key, post) =>
        Promise.resolve(
          app.request(`${API_BASE}${path}`, {
            headers: { ...(key && { 'x-api-key': key }), ...(post && { 'content-type': 'application/json' }) },
            ...(post && { method: 'POST', body: post.body }),
          }),
        ),
    }),
  );

  if (lti)
    app.route(
      '/lti',
      ltiRoutes({
        ...lti,
        // The standards a link names, read through this very API (local or proxied); the
        // server's own key where the API asks for one, which never leaves the server.
        readItem: (id) =>
          Promise.resolve(
            app.request(`${API_BASE}/academic-standards/${encodeURIComponent(id)}`, {
              headers: apiKeys[0] ? { 'x-api-key': apiKeys[0] } : {},
            }),
          ),
        logError: (e) => logError('lti', e),
      }),
    );

  app.get('/healthz', (c) =>
    c.json(
      api
        ? {
            ok: true,
            mode: proxy ? 'proxy' : 'local',
            ...(store ? { ...store.counts(), dataDateModified: store.meta.dataDateModified, buildId: store.meta.buildId } : {}),
          }
        : { ok: false, mode: 'local', status: 'importing', percent: preparing!().percent },
      api ? 200 : 503,
    ),
  );

  if (distDir)
    serveApp(app, distDir, { embedOrigins, apiBase: API_BASE, firstScreen: store ? (url) => firstScreenHtml(store, url) : undefined });
  return app;
}

function defaultLogError(requestId: string, error: unknown) {
  console.error(`[${requestId}]`, error);
}
