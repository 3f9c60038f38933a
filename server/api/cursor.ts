/**
 * Opaque keyset cursors: base64url of `{k, q, b, s}` where `k` is the last key served,
 * `q` fingerprints the query (operation, parent, filters), `b` names the data build it
 * was issued on, and `s` is an HMAC of all three. A forged or tampered cursor fails the
 * HMAC; one from before a data update names another build (a page of the new data would
 * not continue the old walk); one reused with other filters fails the fingerprint. All
 * are 400s that say which. Every instance serving the same data shares build and key, so
 * a cursor issued by one is accepted by all.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { validationError } from './errors';

export class CursorCodec {
  private readonly build: string;
  constructor(
    private readonly secret: string,
    buildId: string,
  ) {
    this.build = buildId.slice(0, 8);
  }

  static fingerprint(parts: unknown[]): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
  }

  private sign(key: number, query: string, build: string) {
    return createHmac('sha256', this.secret).update(`${key}|${query}|${build}`).digest('base64url').slice(0, 22);
  }

  encode(key: number, query: string): string {
    return Buffer.from(JSON.stringify({ k: key, q: query, b: this.build, s: this.sign(key, query, this.build) })).toString('base64url');
  }

  /** The key to resume after; throws a 400 for anything this server did not issue for `query`. */
  decode(cursor: string, query: string): number {
    const fail = (why: string) =>
      validationError(`"cursor" ${why}. Send back the nextCursor of the previous page unchanged, or leave cursor out to start again.`, {
        parameter: 'cursor',
      });
    if (cursor.length > 512 || !/^[A-Za-z0-9_\-+/]+={0,2}$/.test(cursor)) throw fail('is not a cursor issued by this API');
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw fail('is not a cursor issued by this API');
    }
    const { k, q, b, s } = (parsed ?? {}) as Record<string, unknown>;
    if (!Number.isSafeInteger(k) || typeof q !== 'string' || typeof s !== 'string' || typeof b !== 'string')
      throw fail('is not a cursor issued by this API');
    if (b !== this.build) throw fail('was issued on other data: the standards were updated since the first page');
    const expected = Buffer.from(this.sign(k as number, q, b));
    const given = Buffer.from(s);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw fail('has been altered or was not issued by this API');
    if (q !== query) throw fail('belongs to a different query (other filters, parent or operation)');
    return k as number;
  }
}
