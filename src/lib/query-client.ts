import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { CACHE_MAX_AGE } from './query-persistence';

const noRetry = (error: unknown) =>
  error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.error === 'NotAvailableOffline');

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Standards change with data releases, not by the minute.
        staleTime: 5 * 60_000,
        // Kept as long as the persisted copy, so a reload offline finds it.
        gcTime: CACHE_MAX_AGE,
        // Try the network even when the browser says offline: saved data answers if it fails.
        networkMode: 'offlineFirst',
        retry: (failures, error) => !noRetry(error) && failures < 2,
      },
    },
  });
}
