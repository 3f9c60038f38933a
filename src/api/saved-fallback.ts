/**
 * Online first, saved data second: when the network is gone, a query answers from a
 * framework the user saved for offline use, or says plainly that it cannot.
 */
import { isNetworkError, notAvailableOffline } from '../lib/api-client';

export async function withSavedFallback<T>(online: () => Promise<T>, saved: () => Promise<T | undefined>): Promise<T> {
  try {
    return await online();
  } catch (e) {
    if (!isNetworkError(e)) throw e;
    const answer = await saved();
    if (answer !== undefined) return answer;
    // Offline, "not saved" is the whole story; online, the service itself is not answering.
    throw navigator.onLine ? e : notAvailableOffline();
  }
}

/** A saved list of items, served as the one and only page. */
export const asSinglePage = <T>(data: T[]) => ({ data, pagination: { limit: data.length, nextCursor: null, hasMore: false } });

/**
 * The options of a query another query reads (a progression reads each standard's lists),
 * run with networkMode 'always': a retry that the browser going offline would pause runs
 * instead, finds nothing saved and ends in "not available offline", so the page says what
 * is missing instead of waiting for the network with a skeleton.
 */
export const asPart = <T extends object>(options: T): T & { networkMode: 'always' } => ({ ...options, networkMode: 'always' });
