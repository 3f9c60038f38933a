/**
 * The security headers of every page. A strict Content-Security-Policy is a second wall
 * behind the escaping: scripts only from this site (the app has no inline script),
 * no plugins, no <base>. Data may come from another Standards API the user chose in
 * Settings, so `connect-src` allows any http(s) origin. Who may frame a page: the embed
 * (`/embed`) by the origins in EMBED_ALLOWED_ORIGINS and this site; every other page by
 * nobody.
 */
export { isOrigin } from '../contract/origin';

const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React and KaTeX set element styles; no stylesheet comes from elsewhere.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self' https: http:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** API answers are data, never a document: nothing in them may run or load. */
export const API_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * `lti`: the picker answers an LTI deep-linking session (`/embed?lti=…`). It then lives in
 * whatever LMS launched it, so any page may frame it; it sends nothing to its host (the
 * answer goes through this server, to the platform the session names), so framing gives
 * a page nothing to take.
 */
export function framingHeaders(path: string, embedOrigins: readonly string[], { lti = false } = {}): Record<string, string> {
  const common = { 'Referrer-Policy': 'strict-origin-when-cross-origin', 'X-Content-Type-Options': 'nosniff' };
  if (path === '/embed' || path.startsWith('/embed/')) {
    const ancestors = lti ? ['*'] : ["'self'", ...embedOrigins];
    return { ...common, 'Content-Security-Policy': `${PAGE_POLICY}; frame-ancestors ${ancestors.join(' ')}` };
  }
  // The example LMS page frames a picker from whatever origin its form names.
  const frames = path === '/embed-example.html' ? '; frame-src http: https:' : '';
  return { ...common, 'Content-Security-Policy': `${PAGE_POLICY}${frames}; frame-ancestors 'none'`, 'X-Frame-Options': 'DENY' };
}
