/**
 * Contract errors: `{error, message, requestId, details?}`. Messages tell the caller how
 * to fix the request; nothing internal (stack, SQL, paths) ever reaches a response.
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 405 | 422 | 500 | 502 | 503 | 504,
    readonly error: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const validationError = (message: string, details?: Record<string, unknown>) =>
  new ApiError(400, 'ValidationError', message, details);

export const notFound = (message: string) => new ApiError(404, 'NotFoundError', message);

export function errorBody(e: ApiError, requestId: string) {
  return { error: e.error, message: e.message, requestId, ...(e.details ? { details: e.details } : {}) };
}

/** Echoes a caller's value into a message without reflecting megabytes or control characters. */
export function shown(value: string): string {
  // Control characters are exactly what must not be echoed back.
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, '\uFFFD');
  return JSON.stringify(clean.length > 60 ? `${clean.slice(0, 60)}…` : clean);
}
