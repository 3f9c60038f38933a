/**
 * Who may put our pages in a frame: the embed (`/embed`) by the origins in
 * EMBED_ALLOWED_ORIGINS (and this site itself); every other page by nobody.
 */
export { isOrigin } from '../contract/origin';
export function framingHeaders(path: string, embedOrigins: readonly string[]): Record<string, string> {
  if (path === '/embed' || path.startsWith('/embed/')) {
    return { 'Content-Security-Policy': `frame-ancestors ${["'self'", ...embedOrigins].join(' ')}` };
  }
  return { 'Content-Security-Policy': "frame-ancestors 'none'", 'X-Frame-Options': 'DENY' };
}
