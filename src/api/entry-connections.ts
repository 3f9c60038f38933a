/**
 * What an export or print says of each item's connections: what it builds on, leads to
 * and aligns with. A state standard without a progression of its own gets the one derived
 * through its identical Common Core match (decision 017), said so in the export.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Crosswalk, StandardSummary } from '../../contract/connection-schemas';
import { COMMON_CORE_JURISDICTION, isIdentical } from '../lib/alignment';
import { isNetworkError, type ApiSource } from '../lib/api-client';
import { deriveList } from '../lib/progression';
import { byCode, crosswalksOptions, fetchFrameworkConnections, progressionOptions, strongestFirst } from './connections';
import { derivedNeighboursOptions, identicalCoreMatch } from './derived-connections';
import { loadPerEntry, type EntryRef } from './entry-extras';
import { itemOptions } from './standards';

/** What an export says of an item's connections: codes, and for alignments their strength. */
export interface EntryConnections {
  buildsOn: StandardSummary[];
  leadsTo: StandardSummary[];
  alignedTo: Crosswalk[];
  /** Where builds on / leads to are derived: the identical Common Core match they are read through. */
  derivedThrough?: Crosswalk;
}

const ownProgression = (e: EntryConnections) => e.buildsOn.length > 0 || e.leadsTo.length > 0;

/** The connections of every exported item (see loadPerEntry). */
function loadEntryConnections(client: QueryClient, source: ApiSource, entries: readonly EntryRef[], signal?: AbortSignal) {
  return loadPerEntry<EntryConnections>(client, source, entries, {
    bulk: (fw) => frameworkConnections(source, fw, signal),
    one: async (id) => {
      const [buildsOn, leadsTo, alignedTo] = await Promise.all([
        client.fetchQuery(progressionOptions(source, 'prerequisites', id)),
        client.fetchQuery(progressionOptions(source, 'builds-towards', id)),
        client.fetchQuery(crosswalksOptions(source, id)),
      ]);
      const entry: EntryConnections = { buildsOn, leadsTo, alignedTo };
      if (ownProgression(entry) || !identicalCoreMatch(alignedTo)) return entry;
      const { jurisdiction } = await client.fetchQuery(itemOptions(source, id));
      if (jurisdiction === COMMON_CORE_JURISDICTION) return entry;
      const derived = await client.fetchQuery(derivedNeighboursOptions(client, source, id, jurisdiction));
      return {
        ...entry,
        buildsOn: derived.buildsOn.map((d) => d.standard),
        leadsTo: derived.leadsTo.map((d) => d.standard),
        derivedThrough: derived.via,
      };
    },
    empty: () => ({ buildsOn: [], leadsTo: [], alignedTo: [] }),
  });
}

/** The entries with their connections attached (see loadEntryConnections), and how many were left out. */
export async function withEntryConnections<E extends EntryRef>(
  client: QueryClient,
  source: ApiSource,
  entries: readonly E[],
  signal?: AbortSignal,
) {
  const { byItem, left } = await loadEntryConnections(client, source, entries, signal);
  return { entries: entries.map((e) => ({ ...e, connections: byItem.get(e.item.caseIdentifierUUID) })), left };
}

/** All of a framework's connections through the extension, by standard; undefined where it is not offered. */
async function connectionsByStandard(source: ApiSource, frameworkId: string, signal?: AbortSignal) {
  let rows;
  try {
    rows = await fetchFrameworkConnections(source, frameworkId, {}, signal);
  } catch (e) {
    if (isNetworkError(e)) return undefined; // offline: item by item, from what was saved
    throw e;
  }
  if (!rows) return undefined;
  const map = new Map<string, EntryConnections>();
  for (const row of rows) {
    const entry = map.get(row.standardCaseIdentifierUUID) ?? { buildsOn: [], leadsTo: [], alignedTo: [] };
    if (row.operation === 'crosswalks') entry.alignedTo.push(row);
    else if (row.operation === 'prerequisites') entry.buildsOn.push(row);
    else if (row.operation === 'builds-towards') entry.leadsTo.push(row);
    map.set(row.standardCaseIdentifierUUID, entry);
  }
  for (const e of map.values()) {
    e.buildsOn.sort(byCode);
    e.leadsTo.sort(byCode);
    e.alignedTo.sort(strongestFirst);
  }
  return map;
}

/**
 * A framework's connections in bulk; for a state framework, its standards' progressions
 * derived through Common Core's connections, taken in bulk too (one more request).
 */
async function frameworkConnections(source: ApiSource, frameworkId: string, signal?: AbortSignal) {
  const map = await connectionsByStandard(source, frameworkId, signal);
  if (!map) return map;
  const needing = [...map].filter(([, e]) => !ownProgression(e) && identicalCoreMatch(e.alignedTo));
  const [first] = needing;
  if (!first) return map;
  const firstVia = identicalCoreMatch(first[1].alignedTo)!;
  const core = firstVia.frameworkCaseIdentifierUUID
    ? await connectionsByStandard(source, firstVia.frameworkCaseIdentifierUUID, signal)
    : undefined;
  if (!core) return map;
  // The state's jurisdiction, as Common Core's side of the crosswalk names it.
  const state = core.get(firstVia.caseIdentifierUUID)?.alignedTo.find((a) => a.caseIdentifierUUID === first[0])?.jurisdiction;
  const counterparts = new Map([...core].map(([id, c]) => [id, c.alignedTo.filter((a) => a.jurisdiction === state && isIdentical(a))]));
  for (const [, e] of needing) {
    const via = identicalCoreMatch(e.alignedTo)!;
    const own = core.get(via.caseIdentifierUUID);
    e.buildsOn = deriveList(own?.buildsOn ?? [], counterparts).map((d) => d.standard);
    e.leadsTo = deriveList(own?.leadsTo ?? [], counterparts).map((d) => d.standard);
    e.derivedThrough = via;
  }
  return map;
}
