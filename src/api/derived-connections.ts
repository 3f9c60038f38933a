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
import {
  closestCoreMatch,
  counterpartsOf,
  derivedNeighbours,
  identicalCoreMatch,
  distinctStandards,
  skillsOf,
  type DerivedStandard,
  type StandardSkills,
  type Through,
} from '../../contract/derived/through-matches';
import { isIdentical } from '../../contract/alignment-strength';
import { isNotSavedError } from '../lib/api-client';
import type { ApiSource } from '../lib/api-client';
import { deriveProgression, type Progression, type ProgressionWalk } from '../lib/progression';
import { connectionKeys, crosswalksOptions, progressionGraphOptions } from './connections';
import { queryReader } from './connections-reader';
import { itemOptions } from './standards';
import { asPart } from './saved-fallback';
import { skillKeys } from './skills';

export { identicalCoreMatch };

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
      const n = await derivedNeighbours(queryReader(client, source), crosswalks, jurisdiction);
      return { via: n.derivedThrough, closest: n.closest, buildsOn: n.derived?.buildsOn ?? [], leadsTo: n.derived?.leadsTo ?? [] };
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
      const same = await counterpartsOf(queryReader(client, source), others, item.jurisdiction);
      return { via, progression: deriveProgression(core, centre, via, same) };
    },
    staleTime: 30 * 60_000,
    // Built from the per-standard lists (which are kept): a Map does not survive the persisted cache's JSON.
    meta: { persist: false },
    // Each list it reads retries on its own; retrying the whole again would multiply the wait for an error.
    retry: false,
  });
}

/** A standard's skills as told, or offline, the standards they would come from where those are not saved. */
export type ToldSkills = StandardSkills & { notSaved?: Through[] };

/**
 * A standard's skills as every surface tells them (contract/derived): its own, or those of
 * the standards the crosswalk rates identical, marked; or where skills are listed instead.
 */
export function derivedSkillsOptions(client: QueryClient, source: ApiSource, id: string) {
  return queryOptions({
    queryKey: [...skillKeys.ofStandard(source, id), 'told'] as const,
    queryFn: async (): Promise<ToldSkills> => {
      const reader = queryReader(client, source);
      try {
        return await skillsOf(reader, id);
      } catch (e) {
        // Offline, the standards rated identical may sit in a framework not saved here: say whose skills they are.
        if (!isNotSavedError(e)) throw e;
        const own = await reader.skills(id);
        if (own.length) return { skills: own };
        const identical = (await reader.crosswalks(id)).filter(isIdentical);
        if (!identical.length) throw e;
        return { skills: [], notSaved: distinctStandards(identical) };
      }
    },
    staleTime: 30 * 60_000,
    // Made of lists kept on their own.
    meta: { persist: false },
    retry: false,
  });
}
