/**
 * The connections kept with a framework saved for offline use (see download-framework),
 * read by the connection queries offline. Apart from saved-standards so that pages
 * without connections do not load it.
 */
import type { ConnectionOperation } from '../../contract/connection-operations';
import { read, partEntries, savedFrameworks, savedKeys, savedParts, savedStore, type SavedFrameworkMeta } from './saved-standards';

/** Every saved connection of a framework saved with them in parts, `operation|id` → answer. */
function connectionParts<T>(meta: SavedFrameworkMeta) {
  const fw = meta.framework.caseIdentifierUUID;
  const keys = () => Array.from({ length: meta.connectionParts ?? 0 }, (_, n) => savedKeys.connectionPart(meta.baseUrl, fw, n));
  return savedParts(meta, 'connections', keys, partEntries<T[]>);
}

/**
 * An item's saved connections of one kind: the list, or none for an item of a framework
 * saved with its connections (nothing stored means no connections); undefined where
 * nothing saved can tell.
 */
export async function savedConnections<T>(base: string, operation: ConnectionOperation, id: string): Promise<T[] | undefined> {
  const stored = await read<T[]>(savedKeys.connections(base, operation, id));
  if (stored) return stored;
  const meta = (await savedFrameworks(base)).find((m) => m.connections && m.itemIds.includes(id));
  if (!meta) return undefined;
  if (meta.connectionParts === undefined) return [];
  const all = await connectionParts<T>(meta);
  return all && (all.get(`${operation}|${id}`) ?? []);
}

/** One operation's saved connections for every item of a framework saved with them, or undefined. */
export async function savedFrameworkConnections<T>(
  base: string,
  fw: string,
  operation: ConnectionOperation,
): Promise<Map<string, T[]> | undefined> {
  const meta = (await savedFrameworks(base)).find((m) => m.framework.caseIdentifierUUID === fw);
  if (!meta?.connections) return undefined;
  if (meta.connectionParts === undefined) {
    // Saved one record per item and operation (saves before parts).
    try {
      const { store } = await savedStore();
      const lists = await store.getMany<T[]>(meta.itemIds.map((id) => savedKeys.connections(base, operation, id)));
      return new Map(meta.itemIds.flatMap((id, i) => (lists[i]?.length ? [[id, lists[i]!] as [string, T[]]] : [])));
    } catch {
      return undefined;
    }
  }
  const all = await connectionParts<T>(meta);
  if (!all) return undefined;
  return new Map(
    meta.itemIds.flatMap((id) => {
      const list = all.get(`${operation}|${id}`);
      return list?.length ? [[id, list] as [string, T[]]] : [];
    }),
  );
}
