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
