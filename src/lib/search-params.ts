/**
 * Plain, readable URLs: `?grades=3,4&view=list` instead of the router's default JSON
 * encoding. Every value is a string here; each route's schema gives them types.
 */
export function parseSearch(searchStr: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr)) out[key] = value;
  return out;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  // Commas are legal in a query string and keep grade lists readable.
  const s = params.toString().replace(/%2C/gi, ',');
  return s ? `?${s}` : '';
}
