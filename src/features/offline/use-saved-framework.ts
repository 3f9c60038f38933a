import { useQuery } from '@tanstack/react-query';
import type { ApiSource } from '../../lib/api-client';
import { savedKeys, savedStore, type SavedFrameworkMeta } from '../../lib/saved-standards';
import { pendingDownload } from './download-framework';

export const savedQueryKey = (source: ApiSource, frameworkId?: string) =>
  ['saved', source.baseUrl, ...(frameworkId ? [frameworkId] : [])] as const;

/** Whether a framework is saved, or half-saved, on this device. Local data: never persisted. */
export function useSavedFramework(source: ApiSource, frameworkId: string) {
  return useQuery({
    queryKey: savedQueryKey(source, frameworkId),
    queryFn: async () => {
      const { store } = await savedStore();
      const meta = (await store.get<SavedFrameworkMeta>(savedKeys.meta(source.baseUrl, frameworkId))) ?? null;
      const pending = await pendingDownload(store, source.baseUrl, frameworkId);
      return { meta: meta?.complete ? meta : null, pending };
    },
    networkMode: 'always',
    staleTime: 0,
    meta: { persist: false },
  });
}
