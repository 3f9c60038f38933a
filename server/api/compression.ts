/**
 * Large API answers are compressed: a list page of 1,000 items is ~1 MB of JSON and
 * ~90 KB as Brotli, which on a slow phone network is the difference between seconds and
 * a minute. Compression runs on libuv's thread pool (not the request thread), and the
 * result is kept beside the plain answer, so a page is compressed once.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ResponseCache } from './response-cache';

/** Below this, compressing costs more time than the bytes it saves. */
const MIN_BYTES = 8 * 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** The encoding to answer in, from Accept-Encoding (Brotli first), or null. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name!.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

export class Compressor {
  private readonly done = new ResponseCache(16 * 2 ** 20);

  /** The body compressed as `encoding` (cached by `key`), or null where it is not worth it. */
  async compress(key: string, body: Buffer, encoding: Encoding | null): Promise<Buffer | null> {
    if (!encoding || body.length < MIN_BYTES) return null;
    const cacheKey = `${encoding} ${key}`;
    let out = this.done.get(cacheKey);
    if (!out) {
      out =
        encoding === 'br'
          ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
          : await gz(body, { level: 6 });
      this.done.set(cacheKey, out);
    }
    return out;
  }
}
