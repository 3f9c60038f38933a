/**
 * `x-api-key` check for the local API: on when STANDARDS_API_KEYS lists keys.
 */
import type { MiddlewareHandler } from 'hono';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function requireApiKey(keys: readonly string[]): MiddlewareHandler {
  // Comparing fixed-length digests keeps the check constant-time whatever the key length.
  const accepted = keys.map(digest);
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const given = c.req.header('x-api-key');
    if (!given) throw new ApiError(401, 'UnauthorizedError', 'This API needs an API key: send it in the x-api-key header.');
    const d = digest(given);
    if (!accepted.some((k) => timingSafeEqual(k, d))) {
      throw new ApiError(
        401,
        'UnauthorizedError',
        'The x-api-key header does not hold a key this server accepts. Check the key and try again.',
      );
    }
    await next();
  };
}
