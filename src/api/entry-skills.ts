/**
 * What an export or print says of each item's skills: as contract/derived tells them
 * everywhere (its own, or those of the standards the crosswalk rates identical, marked),
 * per framework in bulk through the local API's extensions, or item by item.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Crosswalk } from '../../contract/connection-schemas';
import { isIdentical } from '../../contract/alignment-strength';
import { skillsInBulk, skillsOf, type StandardSkills } from '../../contract/derived/through-matches';
import type { LearningComponent } from '../../contract/learning-component-schemas';
import { isNetworkError, isNotSavedError, type ApiSource } from '../lib/api-client';
import { fetchFrameworkConnections } from './connections';
import { queryReader } from './connections-reader';
import { loadPerEntry, type EntryRef } from './entry-extras';
import { frameworkSkills, standardSkillsOptions } from './skills';

/**
 * A framework's skills by standard in bulk, each standard's as contract/derived tells them:
 * its own, or those of the standards the crosswalk rates identical (from their framework's
 * skills, in bulk too), marked. Undefined where the bulk extensions are not offered.
 */
async function frameworkStandardSkills(source: ApiSource, frameworkId: string, signal?: AbortSignal) {
  const own = await frameworkSkills(source, frameworkId, signal);
  if (!own) return undefined;
  const rows = await fetchFrameworkConnections(source, frameworkId, { operation: 'crosswalks' }, signal).catch((e: unknown) => {
    if (isNetworkError(e)) return undefined;
    throw e;
  });
  const crosswalks = new Map<string, Crosswalk[]>();
  for (const row of rows ?? []) {
    if (row.operation !== 'crosswalks') continue;
    crosswalks.set(row.standardCaseIdentifierUUID, [...(crosswalks.get(row.standardCaseIdentifierUUID) ?? []), row]);
    // In the API's own order, as the rules read them on every surface.
  }
  // The other frameworks holding standards identical to one without skills of its own, in bulk too.
  const needing = [...crosswalks].filter(([id, list]) => !own.has(id) && list.some(isIdentical));
  const others = new Set(needing.flatMap(([, list]) => list.filter(isIdentical).map((c) => c.frameworkCaseIdentifierUUID ?? '')));
  const elsewhere = new Map<string, LearningComponent[]>();
  for (const fw of others) {
    if (!fw) continue;
    for (const [id, list] of (await frameworkSkills(source, fw, signal)) ?? []) elsewhere.set(id, list);
  }
  return skillsInBulk([...new Set([...own.keys(), ...crosswalks.keys()])], own, crosswalks, async (id) => elsewhere.get(id) ?? []);
}

/** The entries with their skills attached (see loadPerEntry), derived ones marked, and how many were left out. */
export async function withEntrySkills<E extends EntryRef>(
  client: QueryClient,
  source: ApiSource,
  entries: readonly E[],
  signal?: AbortSignal,
) {
  const { byItem, left } = await loadPerEntry<StandardSkills>(client, source, entries, {
    bulk: (fw) => frameworkStandardSkills(source, fw, signal),
    one: (id) =>
      skillsOf(queryReader(client, source), id).catch(async (e: unknown) => {
        // Offline, a derived list needs another framework saved: the standard's own (none) stands.
        if (isNotSavedError(e)) return { skills: await client.fetchQuery(standardSkillsOptions(source, id)) };
        throw e;
      }),
    empty: () => ({ skills: [] }),
  });
  return {
    entries: entries.map((e) => {
      const told = byItem.get(e.item.caseIdentifierUUID);
      return { ...e, skills: told?.skills, skillsDerivedThrough: told?.derivedThrough };
    }),
    left,
  };
}
