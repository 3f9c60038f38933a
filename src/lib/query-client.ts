import { QueryClient } from '@tanstack/react-query';
import { ApiError, isNotSavedError } from './api-client';
import { isPreparingData } from './preparing-data';

/**
 * How long browsed data is kept, in memory (gcTime) and on disk (maxAge). 24 days, not a
 * month: gcTime is a timer, and a timer over 2^31 − 1 ms (about 24.8 days) fires at once,
 * which threw away every query nobody was watching (the route's prefetch included).
 */
export const CACHE_MAX_AGE = 24 * 24 * 60 * 60 * 1000;

const noRetry = (error: unknown) => isNotSavedError(error) || (error instanceof ApiError && error.status >= 400 && error.status < 500);

const PREPARING_RETRY_MS = 3000;

export function createQueryClient() {
  let notice: Promise<unknown> | null = null;
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // Standards change with data releases, not by the minute.
        staleTime: 5 * 60_000,
        // Kept as long as the persisted copy, so a reload offline finds it.
        gcTime: CACHE_MAX_AGE,
        // Try the network even when the browser says offline: saved data answers if it fails.
        networkMode: 'offlineFirst',
        retry: (failures, error) => {
          if (!isPreparingData(error)) return !noRetry(error) && failures < 2;
          // The notice loads only when a server is preparing its data (rare: first start).
          notice ??= import('./preparing-notice').then((m) => m.showPreparingNotice(client));
          return failures < 200;
        },
        retryDelay: (failures, error) => (isPreparingData(error) ? PREPARING_RETRY_MS : Math.min(1000 * 2 ** failures, 30_000)),
      },
    },
  });
  return client;
}
