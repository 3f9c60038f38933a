/**
 * The offline finder's index of a saved framework (src/api/align-on-device.ts): started
 * when the panel opens, built in slices while the teacher pastes, and whether it is ready.
 * Where the saved copy answers (offline), the panel says it is getting ready until then.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { savedFrameworkOptions } from '../../api/saved';
import type { ApiSource } from '../../lib/api-client';

type OnDevice = typeof import('../../api/align-on-device');
/** Kept once loaded: an index built earlier reads as ready from the panel's first render. */
let onDevice: OnDevice | undefined;

/** `none`: the framework is not saved here (or not known to be yet). */
export type DeviceIndex = 'none' | 'building' | 'ready';

export function useDeviceIndex(source: ApiSource, frameworkId: string): DeviceIndex {
  const saved = !!useQuery(savedFrameworkOptions(source, frameworkId)).data?.meta;
  const key = `${source.baseUrl} ${frameworkId}`;
  const [ready, setReady] = useState<string | null>(null);
  // Again once the framework is saved (a save finished with the panel open).
  useEffect(() => {
    let live = true;
    void import('../../api/align-on-device').then(async (m) => {
      onDevice = m;
      const aligner = await m.prepareAligner(source.baseUrl, frameworkId);
      if (live && aligner) setReady(key);
    });
    return () => {
      live = false;
    };
  }, [source.baseUrl, frameworkId, key, saved]);
  if (!saved) return 'none';
  return ready === key || onDevice?.alignerReady(source.baseUrl, frameworkId) ? 'ready' : 'building';
}
