/**
 * A state standard's progression, derived through the crosswalks (decision 017). The
 * progressions link Common Core standards only; where a state standard's crosswalk rates
 * its Common Core match identical (exactly the same skills), that match's progression is
 * read in the state's standards: each Common Core standard becomes the state standard the
 * crosswalk rates identical to it, or stays, marked, where the state has none. Works on
 * the hosted service, the local API and offline alike: it is made of the contract's own
 * operations (cached per standard), so a saved Common Core answers it without the network.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Crosswalk, StandardSummary } from '../../contract/connection-schemas';
import { COMMON_CORE_JURISDICTION, isIdentical } from '../lib/alignment';
import type { ApiSource } from '../lib/api-client';
import { deriveList, deriveProgression, type DerivedStandard, type Progression, type ProgressionWalk } from '../lib/progression';
import { connectionKeys, crosswalksOptions, progressionGraphOptions, progressionOptions } from './connections';
import { itemOptions } from './standards';
import { asPart } from './saved-fallback';

/** The Common Core match a state standard's progression is read through, strongest first: identical, or none. */
export const identicalCoreMatch = (crosswalks: readonly Crosswalk[]) =>
  crosswalks.find((c) => isIdentical(c) && c.jurisdiction === COMMON_CORE_JURISDICTION);

/** Its strongest Common Core match, identical or not (to name it where none is identical). */
const closestCoreMatch = (crosswalks: readonly Crosswalk[]) => crosswalks.find((c) => c.jurisdiction === COMMON_CORE_JURISDICTION);

/** The state standards (of `jurisdiction`) the crosswalk rates identical to each Common Core standard. */
async function counterparts(client: QueryClient, source: ApiSource, coreIds: readonly string[], jurisdiction: string | null) {
  const lists = await Promise.all(coreIds.map((id) => client.fetchQuery(asPart(crosswalksOptions(source, id)))));
  return new Map(coreIds.map((id, i) => [id, lists[i]!.filter((c) => c.jurisdiction === jurisdiction && isIdentical(c))]));
}

export interface DerivedNeighbours {
  /** The identical Common Core match, or undefined (then nothing is derived). */
  via?: Crosswalk;
  /** Its strongest Common Core match where none is identical (to name it). */
  closest?: Crosswalk;
  buildsOn: DerivedStandard[];
  leadsTo: DerivedStandard[];
}

/** What a state standard builds on and leads to, derived through its identical Common Core match. */
export function derivedNeighboursOptions(client: QueryClient, source: ApiSource, id: string, jurisdiction: string | null) {
  return queryOptions({
    queryKey: [...connectionKeys.all, source.baseUrl, 'derived', id] as const,
    queryFn: async (): Promise<DerivedNeighbours> => {
      const crosswalks = await client.fetchQuery(asPart(crosswalksOptions(source, id)));
      const via = identicalCoreMatch(crosswalks);
      if (!via) return { closest: closestCoreMatch(crosswalks), buildsOn: [], leadsTo: [] };
      const [before, after] = await Promise.all([
        client.fetchQuery(asPart(progressionOptions(source, 'prerequisites', via.caseIdentifierUUID))),
        client.fetchQuery(asPart(progressionOptions(source, 'builds-towards', via.caseIdentifierUUID))),
      ]);
      const same = await counterparts(
        client,
        source,
        [...before, ...after].map((s) => s.caseIdentifierUUID),
        jurisdiction,
      );
      return { via, buildsOn: deriveList(before, same), leadsTo: deriveList(after, same) };
    },
    staleTime: 30 * 60_000,
    retry: false, // each list it reads retries on its own
  });
}

export type DerivedProgression = { via: Crosswalk; progression: Progression } | { via?: undefined; closest?: Crosswalk };

/** A state standard's whole progression, walked as `walk` says on its identical match, read in the state's standards. */
export function derivedProgressionOptions(client: QueryClient, source: ApiSource, id: string, walk: ProgressionWalk) {
  return queryOptions({
    queryKey: [...connectionKeys.all, source.baseUrl, 'derived-progression', id, walk] as const,
    queryFn: async (): Promise<DerivedProgression> => {
      const [item, crosswalks] = await Promise.all([
        client.fetchQuery(asPart(itemOptions(source, id))),
        client.fetchQuery(asPart(crosswalksOptions(source, id))),
      ]);
      const via = identicalCoreMatch(crosswalks);
      if (!via) return { closest: closestCoreMatch(crosswalks) };
      const core = await client.fetchQuery(asPart(progressionGraphOptions(client, source, via.caseIdentifierUUID, walk)));
      const others = [...core.nodes.keys(), ...core.related.map((r) => r.caseIdentifierUUID)].filter((c) => c !== core.centre);
      const centre: StandardSummary = { ...item, frameworkCaseIdentifierUUID: undefined };
      return { via, progression: deriveProgression(core, centre, via, await counterparts(client, source, others, item.jurisdiction)) };
    },
    staleTime: 30 * 60_000,
    // Built from the per-standard lists (which are kept): a Map does not survive the persisted cache's JSON.
    meta: { persist: false },
    // Each list it reads retries on its own; retrying the whole again would multiply the wait for an error.
    retry: false,
  });
}
