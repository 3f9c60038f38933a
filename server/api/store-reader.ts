/**
 * The contract's operations as the derivation rules read them (contract/derived), straight
 * from the imported database: the same rows the operations answer, without HTTP.
 */
import type { ConnectionsReader } from '../../contract/derived/through-matches';
import type { Rows, StandardsStore } from '../store/standards-store';

/** A standard's lists are short: one read of up to this many answers each. */
const WHOLE = 10_000;

const parsed = <T>({ rows }: Rows): T[] => rows.map((r) => JSON.parse(r.json.toString('utf8')) as T);

export function storeReader(store: StandardsStore): ConnectionsReader {
  return {
    jurisdictionOf: async (id) => {
      const json = store.getItem(id);
      return json ? (JSON.parse(json.toString('utf8')) as { jurisdiction: string | null }).jurisdiction : null;
    },
    crosswalks: async (id) => parsed(store.connections('crosswalks', id, {}, -1, WHOLE)),
    prerequisites: async (id) => parsed(store.connections('prerequisites', id, {}, -1, WHOLE)),
    buildsTowards: async (id) => parsed(store.connections('builds-towards', id, {}, -1, WHOLE)),
    skills: async (id) => parsed(store.skills.ofStandard(id, -1, WHOLE)),
  };
}
