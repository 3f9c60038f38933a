/**
 * The selection basket: standards collected from any framework, in the user's order,
 * kept on this device across filters, views, frameworks and reloads.
 */
import * as z from 'zod/mini';
import { standardsItemSchema } from '../../contract/schemas';
import { readJson, writeStored } from './safe-storage';
import type { ExportEntry } from './export-entries';
import { createStore, useStore } from './store';

const KEY = 'standards-explorer.basket';
const entrySchema = z.object({
  item: standardsItemSchema,
  framework: z.object({ caseIdentifierUUID: z.string(), name: z.nullable(z.string()) }),
  path: z.array(standardsItemSchema),
});
const basketSchema = z.array(entrySchema);

// A broken stored basket reads as empty rather than breaking the page.
const stored = () => readJson('local', KEY, (v) => basketSchema.parse(v), []);
const entries = createStore<ExportEntry[]>(stored());

function commit(next: ExportEntry[]) {
  writeStored('local', KEY, JSON.stringify(next));
  entries.set(next);
}

// Another tab changed the basket: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) entries.set(stored());
  });
}

export const basket = {
  has: (id: string) => entries.get().some((e) => e.item.caseIdentifierUUID === id),
  add: (entry: ExportEntry) => {
    if (!basket.has(entry.item.caseIdentifierUUID)) commit([...entries.get(), entry]);
  },
  remove: (id: string) => commit(entries.get().filter((e) => e.item.caseIdentifierUUID !== id)),
  toggle: (entry: ExportEntry) =>
    basket.has(entry.item.caseIdentifierUUID) ? basket.remove(entry.item.caseIdentifierUUID) : basket.add(entry),
  move: (id: string, by: -1 | 1) => {
    const list = entries.get();
    const i = list.findIndex((e) => e.item.caseIdentifierUUID === id);
    const j = i + by;
    if (i < 0 || j < 0 || j >= list.length) return;
    const next = [...list];
    [next[i], next[j]] = [next[j]!, next[i]!];
    commit(next);
  },
  clear: () => commit([]),
};

export const useBasket = (): ExportEntry[] => useStore(entries);
