/**
 * `x-api-key` check for the local API: on when STANDARDS_API_KEYS lists keys.
 */
import type { MiddlewareHandler } from 'hono';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether a key is one of `keys` (the REST API's and the tool server's one check). */
export function keyChecker(keys: readonly string[]): (given: string) => boolean {
  // Comparing fixed-length digests keeps the check constant-time whatever the key length.
  const accepted = keys.map(digest);
  return (given) => {
    const d = digest(given);
    return accepted.some((k) => timingSafeEqual(k, d));
  };
}

export function requireApiKey(keys: readonly string[]): MiddlewareHandler {
  const accepts = keyChecker(keys);
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const given = c.req.header('x-api-key');
    if (!given) throw new ApiError(401, 'UnauthorizedError', 'This API needs an API key: send it in the x-api-key header.');
    if (!accepts(given)) {
      throw new ApiError(
        401,
        'UnauthorizedError',
        'The x-api-key header does not hold a key this server accepts. Check the key and try again.',
      );
    }
    await next();
  };
}
