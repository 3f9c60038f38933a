/**
 * What a person reads when a request fails: what went wrong, in their words (not the
 * API's), and what to do next. The API's own message is for developers; a request id
 * is worth showing only when the service itself failed.
 */
import { ApiError, isNotSavedError } from './api-client';

export interface ErrorDescription {
  title: string;
  hint: string;
  /** Whether trying again can help (not for a broken link or a missing standard). */
  retry: boolean;
  /** Shown small, for a report: only when the service failed. */
  requestId: string | null;
}

/** The things asked for that are named in the plural. */
const PLURALS = new Set(['standards', 'suggestions', 'skills', 'connections']);

/** `what` names the thing asked for: "standard", "framework", "list of frameworks", "standards". */
export function describeError(error: unknown, what = 'standard'): ErrorDescription {
  const api = error instanceof ApiError ? error : null;
  const online = typeof navigator === 'undefined' || navigator.onLine;
  if (!api) return { title: `The ${what} could not be shown.`, hint: 'Reload the page to try again.', retry: true, requestId: null };
  if (isNotSavedError(api))
    return {
      title: 'Not available offline.',
      // "These standards were", never "This standards was": the words name what was asked for.
      hint: `${PLURALS.has(what) ? `These ${what} were` : `This ${what} was`} not saved for offline use; ${PLURALS.has(what) ? 'they load by themselves' : 'it loads by itself'} when the network is back.`,
      retry: false,
      requestId: null,
    };
  if (api.status === 0)
    return online
      ? {
          title: 'The standards service is not answering.',
          hint: 'It may be restarting or down. Try again in a moment; if it goes on, check the service address in Settings.',
          retry: true,
          requestId: null,
        }
      : { title: 'You are offline.', hint: 'This loads when the network is back.', retry: true, requestId: null };
  if (api.status === 404)
    return {
      title: `No ${what} with this ID was found.`,
      hint:
        what === 'skill'
          ? 'The link may be mistyped or out of date. Open a standard and follow one of its skills.'
          : 'The link may be mistyped or out of date. Find it again from the list of frameworks, or search by its code.',
      retry: false,
      requestId: null,
    };
  if (api.status === 400 || api.status === 422)
    return {
      title: `This link is broken: it does not hold a valid ${what} ID.`,
      hint: 'Check that the whole link was copied, or find the standard from the list of frameworks.',
      retry: false,
      requestId: null,
    };
  if (api.status === 401 || api.status === 403)
    return {
      title: 'The standards service refused the request: it needs a valid API key.',
      hint: 'Enter the key in Settings.',
      retry: false,
      requestId: null,
    };
  if (api.status === 503 && api.error === 'ServiceUnavailableError')
    return {
      title: 'The standards data is being prepared.',
      hint: 'The server is importing it; try again in a few seconds.',
      retry: true,
      requestId: null,
    };
  if (api.error === 'InvalidResponse')
    return {
      title: 'The standards service answered with something that is not standards data.',
      hint: 'The service address may point to a web page instead of a Standards API: check it in Settings.',
      retry: true,
      requestId: api.requestId,
    };
  return {
    title: `The standards service failed (${api.status}).`,
    hint: 'Try again in a moment.',
    retry: true,
    requestId: api.requestId,
  };
}

/** The description as one line of a status message: "What went wrong. What to do next." */
export function describeErrorLine(error: unknown, what?: string): string {
  const { title, hint } = describeError(error, what);
  return `${title} ${hint}`;
}
