/**
 * What the tool needs to know about a PostgreSQL connection besides its queries: where it
 * goes, said without the password, and whether an error means the server cannot be
 * reached (a 503 and a retry later) rather than a fault in the tool.
 */
import pg from 'pg';

/** user@host:port/database: a connection URL as an operator may see it in a log or a status line. */
export function pgLocation(url: string): string {
  try {
    const u = new URL(url);
    // The password, and query parameters (which may carry one), are left out.
    return `postgres://${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'PostgreSQL (an unreadable URL)';
  }
}

/** Null when `url` is one the store can use; otherwise what is wrong with it, without echoing it (it may hold a password). */
export function pgUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'it is not a URL';
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') return `its scheme is ${u.protocol.slice(0, 20)} instead of postgres:`;
  if (!u.hostname && !u.searchParams.get('host')) return 'it names no host';
  if (u.pathname.length <= 1) return 'it names no database';
  return null;
}

// SQLSTATE classes that mean "the database cannot serve you now": connection exceptions,
// the server shutting down or starting, too many connections or out of resources, a
// database that does not exist (yet), and a refused login.
const UNAVAILABLE_CLASSES = ['08', '57', '53', '3D', '28'];

/** True for a lost or refused connection, a timeout, a server going down; false for a fault in a query. */
export function isUnavailable(e: unknown): boolean {
  if (e instanceof pg.DatabaseError) return UNAVAILABLE_CLASSES.some((c) => e.code?.startsWith(c));
  // Socket errors (ECONNREFUSED, ECONNRESET…), "Connection terminated", timeouts: pg's own
  // errors carry no SQLSTATE. A TypeError or RangeError is a fault in the tool.
  return e instanceof Error && !(e instanceof TypeError) && !(e instanceof RangeError) && !(e instanceof SyntaxError);
}
