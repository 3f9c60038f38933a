/**
 * The connections kept with a framework saved for offline use (see download-framework),
 * read by the connection queries offline. Apart from saved-standards so that pages
 * without connections do not load it.
 */
import type { ConnectionOperation } from '../../contract/connection-operations';
import { read, savedFrameworks, savedKeys, savedStore } from './saved-standards';

/**
 * An item's saved connections of one kind: the list, or none for an item of a framework
 * saved with its connections (nothing stored means no connections); undefined where
 * nothing saved can tell.
 */
export async function savedConnections<T>(base: string, operation: ConnectionOperation, id: string): Promise<T[] | undefined> {
  const stored = await read<T[]>(savedKeys.connections(base, operation, id));
  if (stored) return stored;
  const metas = await savedFrameworks(base);
  return metas.some((m) => m.connections && m.itemIds.includes(id)) ? [] : undefined;
}

/** One operation's saved connections for every item of a framework saved with them, or undefined. */
export async function savedFrameworkConnections<T>(
  base: string,
  fw: string,
  operation: ConnectionOperation,
): Promise<Map<string, T[]> | undefined> {
  const meta = (await savedFrameworks(base)).find((m) => m.framework.caseIdentifierUUID === fw);
  if (!meta?.connections) return undefined;
  try {
    const { store } = await savedStore();
    const lists = await store.getMany<T[]>(meta.itemIds.map((id) => savedKeys.connections(base, operation, id)));
    return new Map(meta.itemIds.flatMap((id, i) => (lists[i]?.length ? [[id, lists[i]!] as [string, T[]]] : [])));
  } catch {
    return undefined;
  }
}
