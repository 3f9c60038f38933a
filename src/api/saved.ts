/**
 * What is saved on this device, read as queries so screens update when a save starts,
 * finishes or is removed (invalidate `savedQueryKeys.all(source)`). Local data: never
 * persisted, never waiting for a network.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiSource } from '../lib/api-client';
import { pendingDownload, savedFrameworks, savedKeys, savedStore, type SavedFrameworkMeta } from '../lib/saved-standards';

export const savedQueryKeys = {
  all: (source: ApiSource) => ['saved', source.baseUrl] as const,
  framework: (source: ApiSource, frameworkId: string) => [...savedQueryKeys.all(source), frameworkId] as const,
};

const local = { networkMode: 'always', staleTime: 0, meta: { persist: false } } as const;

/** Every framework saved for this source, newest first. */
export function savedFrameworksOptions(source: ApiSource) {
  return queryOptions({ queryKey: savedQueryKeys.all(source), queryFn: () => savedFrameworks(source.baseUrl), ...local });
}

/** Whether a framework is saved, or half-saved (it can resume). */
export function savedFrameworkOptions(source: ApiSource, frameworkId: string) {
  return queryOptions({
    queryKey: savedQueryKeys.framework(source, frameworkId),
    queryFn: async () => {
      const { store } = await savedStore();
      const meta = (await store.get<SavedFrameworkMeta>(savedKeys.meta(source.baseUrl, frameworkId))) ?? null;
      const pending = await pendingDownload(store, source.baseUrl, frameworkId);
      return { meta: meta?.complete ? meta : null, pending };
    },
    ...local,
  });
}

/** What this site stores against what the browser allows, and whether it is kept. */
export function storageEstimateOptions() {
  return queryOptions({
    queryKey: ['storage-estimate'] as const,
    queryFn: async () => {
      const e = await navigator.storage?.estimate?.();
      const persisted = (await navigator.storage?.persisted?.()) ?? false;
      return { usage: e?.usage ?? null, quota: e?.quota ?? null, persisted };
    },
    ...local,
  });
}
