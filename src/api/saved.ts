/**
 * What is saved on this device, read as queries so screens update when a save starts,
 * finishes or is removed (invalidate `savedQueryKeys.all(source)`). Local data: never
 * persisted, never waiting for a network.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Framework } from '../../contract/schemas';
import { getJson, type ApiSource } from '../lib/api-client';
import { useOnline } from '../lib/online';
import { frameworkPage } from './frameworks';
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

/**
 * Whether a framework opens now: always online; offline, only when it is saved on this
 * device (unknown frameworks and a list still loading count as reachable, so nothing
 * flickers). What a link into it shows instead is `NotSaved`.
 */
export function useFrameworkReach(source: ApiSource, frameworkId: string | null | undefined): { reachable: boolean } {
  const online = useOnline();
  const saved = useQuery({ ...savedFrameworksOptions(source), enabled: !online });
  if (online || !frameworkId || !saved.data) return { reachable: true };
  return { reachable: saved.data.some((m) => m.framework.caseIdentifierUUID === frameworkId) };
}

/** Whether the service's copy of a framework is newer than the one saved on this device. */
export function isNewerThanSaved(current: Framework, saved: Framework): boolean {
  if (current.dataVersion && saved.dataVersion) return current.dataVersion !== saved.dataVersion;
  return !!current.dateModified && !!saved.dateModified && current.dateModified > saved.dateModified;
}

/**
 * A framework's record as the service has it now, or null where it no longer lists it. The
 * contract has no single-framework operation: the list, narrowed to its jurisdiction and subject.
 */
export async function frameworkOnService(source: ApiSource, framework: Framework, signal?: AbortSignal): Promise<Framework | null> {
  const page = await getJson(source, '/standards-frameworks', frameworkPage, {
    params: { jurisdiction: framework.jurisdiction, academicSubject: framework.academicSubject, includeNonCurrent: true, limit: 100 },
    signal,
  });
  return page.data.find((f) => f.caseIdentifierUUID === framework.caseIdentifierUUID) ?? null;
}

/**
 * The service's record of a saved framework, asked once per framework (one small request,
 * never the data), again when the network comes back, never answered from the device.
 */
function frameworkOnServiceOptions(source: ApiSource, saved: Framework | undefined) {
  return queryOptions({
    queryKey: [...savedQueryKeys.framework(source, saved?.caseIdentifierUUID ?? ''), 'on-service'] as const,
    queryFn: ({ signal }) => (saved ? frameworkOnService(source, saved, signal) : null),
    staleTime: 10 * 60_000,
    retry: false,
    meta: { persist: false },
  });
}

/** For a saved framework: whether the service now has newer data than the saved copy (false until known, or offline). */
export function useNewerOnService(source: ApiSource, saved: Framework | undefined): boolean {
  const online = useOnline();
  const current = useQuery({ ...frameworkOnServiceOptions(source, saved), enabled: online && !!saved });
  return !!saved && !!current.data && isNewerThanSaved(current.data, saved);
}
