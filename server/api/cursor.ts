/**
 * Opaque keyset cursors: base64url of `{k, q, s}` where `k` is the last key served,
 * `q` fingerprints the query (operation, parent, filters) and `s` is an HMAC of both
 * with the database's own secret. A forged, tampered or foreign cursor fails the HMAC;
 * one reused with other filters fails the fingerprint. Both are 400s.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { validationError } from './errors';

export class CursorCodec {
  constructor(private readonly secret: string) {}

  static fingerprint(parts: unknown[]): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
  }

  private sign(key: number, query: string) {
    return createHmac('sha256', this.secret).update(`${key}|${query}`).digest('base64url').slice(0, 22);
  }

  encode(key: number, query: string): string {
    return Buffer.from(JSON.stringify({ k: key, q: query, s: this.sign(key, query) })).toString('base64url');
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
    const { k, q, s } = (parsed ?? {}) as Record<string, unknown>;
    if (!Number.isSafeInteger(k) || typeof q !== 'string' || typeof s !== 'string') throw fail('is not a cursor issued by this API');
    const expected = Buffer.from(this.sign(k as number, q));
    const given = Buffer.from(s);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw fail('has been altered or was not issued by this API');
    if (q !== query) throw fail('belongs to a different query (other filters, parent or operation)');
    return k as number;
  }
}
