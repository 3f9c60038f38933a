/**
 * API answers kept whole (headers and bytes, as the app sent them) and sent again
 * straight from node:http when the same URL is asked in the same encoding.
 *
 * Why: a cached answer still cost ~0.1 ms of per-request work in the web framework (a
 * Request and a Response object, header maps, six middlewares, an ETag hash), several
 * times the cost of writing the bytes; get by id ran at a fifth of a bare server's rate.
 * The data never changes under a running database, and an answer is fully determined by
 * its URL and encoding (the ETag says so), so the second request for a URL is a map
 * lookup and one write.
 *
 * What is kept: successful, public (shared-cacheable) GET answers with an ETag — only the
 * local API's data answers. Never: errors, private answers (an API with keys: every
 * request must show its key), proxied answers (not offered one: see main.ts). What is
 * not answered here: anything but GET, conditional requests (the app answers 304), and
 * URLs not seen yet. Each request still gets its own request id.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { preferredEncoding } from './api/compression';
import { ResponseCache } from './api/response-cache';

/** Headers node:http writes itself, or that differ per request. */
const NOT_KEPT = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

interface Ready {
  /** Flat [name, value, …] as `writeHead` takes them, without the request id. */
  headers: string[];
  body: Buffer;
}

export class ReadyAnswers {
  private readonly entries: ResponseCache<Ready>;

  constructor(
    /** Only URLs under this path are kept, e.g. /api/v0/. */
    private readonly under: string,
    maxBytes = 16 * 2 ** 20,
  ) {
    this.entries = new ResponseCache<Ready>(maxBytes, (ready) => ready.body.length);
  }

  private static key(url: string, acceptEncoding: string | null | undefined) {
    return `${preferredEncoding(acceptEncoding ?? undefined) ?? 'identity'} ${url}`;
  }

  /** Sends the kept answer to this request and returns true, or returns false. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url;
    if (req.method !== 'GET' || !url?.startsWith(this.under) || req.headers['if-none-match'] !== undefined) return false;
    const key = ReadyAnswers.key(url, req.headers['accept-encoding']);
    const ready = this.entries.get(key);
    if (!ready) return false;
    res.writeHead(200, [...ready.headers, 'x-request-id', randomUUID(), 'content-length', String(ready.body.length)]);
    res.end(ready.body);
    return true;
  }

  /** Keeps `response` for later requests like `request` if it may be, and returns it unchanged. */
  async keep(request: Request, response: Response): Promise<Response> {
    const { pathname, search } = new URL(request.url);
    const url = pathname + search;
    const keepable =
      request.method === 'GET' &&
      url.startsWith(this.under) &&
      !request.headers.has('if-none-match') &&
      response.status === 200 &&
      response.headers.has('etag') &&
      /^public\b/.test(response.headers.get('cache-control') ?? '');
    if (!keepable) return response;
    const key = ReadyAnswers.key(url, request.headers.get('accept-encoding'));
    const body = Buffer.from(await response.clone().arrayBuffer());
    const headers: string[] = [];
    response.headers.forEach((value, name) => {
      if (!NOT_KEPT.has(name)) headers.push(name, value);
    });
    this.entries.set(key, { headers, body }); // bounded, least recently used out (ResponseCache)
    return response;
  }
}
