/**
 * Why the tool refused a message: shown to the person as a page that names what went
 * wrong and what to do next (never a stack trace), with nothing launched or stored.
 */
export class LtiRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 410 | 422 | 502 | 503,
    readonly title: string,
    /** What went wrong, in the words of the one who can fix it. */
    readonly detail: string,
    /** What to do next. */
    readonly next: string,
  ) {
    super(`${title}: ${detail}`);
  }
}
