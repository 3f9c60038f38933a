/**
 * The contract's operations as the derivation rules (contract/derived) read them, through
 * the app's own queries: each list cached per standard, from the network or, offline,
 * from what was saved, so a derived answer works wherever its parts do.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ConnectionsReader } from '../../contract/derived/through-matches';
import type { ApiSource } from '../lib/api-client';
import { crosswalksOptions, progressionOptions } from './connections';
import { asPart } from './saved-fallback';
import { standardSkillsOptions } from './skills';
import { itemOptions } from './standards';

export function queryReader(client: QueryClient, source: ApiSource): ConnectionsReader {
  return {
    jurisdictionOf: async (id) => (await client.fetchQuery(asPart(itemOptions(source, id)))).jurisdiction,
    crosswalks: (id) => client.fetchQuery(asPart(crosswalksOptions(source, id))),
    prerequisites: (id) => client.fetchQuery(asPart(progressionOptions(source, 'prerequisites', id))),
    buildsTowards: (id) => client.fetchQuery(asPart(progressionOptions(source, 'builds-towards', id))),
    skills: (id) => client.fetchQuery(asPart(standardSkillsOptions(source, id))),
  };
}
