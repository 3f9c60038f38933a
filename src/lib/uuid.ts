/** A UUID, whole string, any case: the shape of every CASE UUID in paths, params and messages. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Splits a comma list from a URL; an array (the router validating again) passes through as strings. */
export function splitList(v: unknown): string[] {
  return Array.isArray(v)
    ? v.map(String)
    : typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
}
