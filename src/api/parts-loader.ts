/**
 * Lets every "Add to set" and tick bring a standard's parts, read from the current data
 * source. The reading code loads with the first standard added, not with every page.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApiSource } from '../lib/api-source';
import { setPartsLoader } from '../lib/sets-store';

export function usePartsForSets() {
  const client = useQueryClient();
  const source = useApiSource();
  useEffect(() => setPartsLoader(async (entry) => (await import('./set-additions')).partsOf(client, source, entry)), [client, source]);
}
