/**
 * The selection basket: standards collected from any framework, in the user's order,
 * kept on this device across filters, views, frameworks and reloads.
 */
import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { standardsItemSchema } from '../../contract/schemas';
import { readJson, writeStored } from './safe-storage';
import type { ExportEntry } from './export-entries';

const KEY = 'standards-explorer.basket';
const entrySchema = z.object({
  item: standardsItemSchema,
  framework: z.object({ caseIdentifierUUID: z.string(), name: z.nullable(z.string()) }),
  path: z.array(standardsItemSchema),
});
const basketSchema = z.array(entrySchema);

const listeners = new Set<() => void>();
// A broken stored basket reads as empty rather than breaking the page.
let entries: ExportEntry[] = readJson('local', KEY, (v) => basketSchema.parse(v), []);

function commit(next: ExportEntry[]) {
  entries = next;
  writeStored('local', KEY, JSON.stringify(next));
  for (const l of listeners) l();
}

// Another tab changed the basket: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== KEY) return;
    entries = readJson('local', KEY, (v) => basketSchema.parse(v), []);
    for (const l of listeners) l();
  });
}

export const basket = {
  has: (id: string) => entries.some((e) => e.item.caseIdentifierUUID === id),
  add: (entry: ExportEntry) => {
    if (!basket.has(entry.item.caseIdentifierUUID)) commit([...entries, entry]);
  },
  remove: (id: string) => commit(entries.filter((e) => e.item.caseIdentifierUUID !== id)),
  toggle: (entry: ExportEntry) =>
    basket.has(entry.item.caseIdentifierUUID) ? basket.remove(entry.item.caseIdentifierUUID) : basket.add(entry),
  move: (id: string, by: -1 | 1) => {
    const i = entries.findIndex((e) => e.item.caseIdentifierUUID === id);
    const j = i + by;
    if (i < 0 || j < 0 || j >= entries.length) return;
    const next = [...entries];
    [next[i], next[j]] = [next[j]!, next[i]!];
    commit(next);
  },
  clear: () => commit([]),
};

export function useBasket(): ExportEntry[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => entries,
  );
}
