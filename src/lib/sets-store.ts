/**
 * Named sets of standards kept on this device: several sets, one of them being edited
 * (what the tree's ticks and every "Add to set" button change). Every change can be
 * undone once: the state before it is kept with a sentence saying what changed.
 *
 * Stored as one JSON value in local storage, each set's items written once (ancestors
 * shared by many rows are not repeated), so a 300-standard set stays well under the
 * browser's quota.
 */
import * as z from 'zod/mini';
import { v4 as randomUuid } from 'uuid';
import { standardsItemSchema, type StandardsItem } from '../../contract/schemas';
import { readJson, readStored, writeStored } from './safe-storage';
import type { ExportEntry } from './export-entries';
import { createStore, useStore } from './store';
import { cleanName, cleanNote, distinctName } from './set-name';
import { describeSet } from './set-count';

export interface StandardSet {
  /** A UUID made on this device when the set was created; kept through renames and edits. */
  id: string;
  name: string;
  note: string;
  entries: ExportEntry[];
  updatedAt: string;
}

interface SetsState {
  currentId: string;
  sets: StandardSet[];
}

const KEY = 'standards-explorer.sets';
/** Where the single basket of earlier versions lived: read once into a set. */
const OLD_BASKET_KEY = 'standards-explorer.basket';
const DEFAULT_SET_NAME = 'My set';

const frameworkRef = z.object({ caseIdentifierUUID: z.string(), name: z.nullable(z.string()) });
const storedSetSchema = z.object({
  id: z.string(),
  name: z.string(),
  note: z.string(),
  updatedAt: z.string(),
  items: z.record(z.string(), standardsItemSchema),
  rows: z.array(z.object({ id: z.string(), framework: frameworkRef, path: z.array(z.string()) })),
});
const storedSchema = z.object({ version: z.literal(1), currentId: z.string(), sets: z.array(storedSetSchema) });
const oldBasketSchema = z.array(z.object({ item: standardsItemSchema, framework: frameworkRef, path: z.array(standardsItemSchema) }));

type StoredSet = z.infer<typeof storedSetSchema>;

function toStored(set: StandardSet): StoredSet {
  const items: Record<string, StandardsItem> = {};
  const rows = set.entries.map(({ item, framework, path }) => {
    for (const i of [item, ...path]) items[i.caseIdentifierUUID] = i;
    return { id: item.caseIdentifierUUID, framework, path: path.map((p) => p.caseIdentifierUUID) };
  });
  return { id: set.id, name: set.name, note: set.note, updatedAt: set.updatedAt, items, rows };
}

function fromStored(s: StoredSet): StandardSet {
  const entries: ExportEntry[] = [];
  for (const row of s.rows) {
    const item = s.items[row.id];
    // A row whose item went missing from storage is dropped rather than shown half.
    if (!item) continue;
    entries.push({ item, framework: row.framework, path: row.path.flatMap((id) => s.items[id] ?? []) });
  }
  return { id: s.id, name: s.name, note: s.note, updatedAt: s.updatedAt, entries };
}

/**
 * The set the store makes itself so there is always one to edit: empty, unnamed by the
 * designer, without a note. It gives way when a set arrives (saved from a link, loaded
 * from a file, made new), so no empty "My set (0 standards)" is left behind.
 */
const isPlaceholder = (set: StandardSet) => !set.entries.length && !set.note && set.name === DEFAULT_SET_NAME;

const newSet = (name: string, entries: ExportEntry[] = [], note = ''): StandardSet => ({
  id: randomUuid(),
  name: cleanName(name) || DEFAULT_SET_NAME,
  note: cleanNote(note),
  entries: unique(entries),
  updatedAt: new Date().toISOString(),
});

const unique = (entries: readonly ExportEntry[]) => {
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.item.caseIdentifierUUID) && seen.add(e.item.caseIdentifierUUID));
};

function initialState(): SetsState {
  // A broken stored value reads as one empty set rather than breaking the page.
  const stored = readJson('local', KEY, (v) => storedSchema.parse(v), null);
  if (stored && stored.sets.length) {
    const sets = stored.sets.map(fromStored);
    return { currentId: sets.some((s) => s.id === stored.currentId) ? stored.currentId : sets[0]!.id, sets };
  }
  const oldBasket = readJson('local', OLD_BASKET_KEY, (v) => oldBasketSchema.parse(v), []);
  const first = newSet(DEFAULT_SET_NAME, oldBasket);
  return { currentId: first.id, sets: [first] };
}

const state = createStore<SetsState>(initialState());

export interface Change {
  /** What changed, as the undo bar says it: "Added 4 standards to “Fractions”." */
  message: string;
  before: SetsState;
  /** Increases with every change, so the bar restarts its timer for a new one. */
  serial: number;
}
const lastChange = createStore<Change | null>(null);
let serial = 0;

/** Stores and shows `next` (a change, or the state an undo puts back). */
function persist(next: SetsState) {
  writeStored('local', KEY, JSON.stringify({ version: 1, currentId: next.currentId, sets: next.sets.map(toStored) }));
  if (readStored('local', OLD_BASKET_KEY) !== null) writeStored('local', OLD_BASKET_KEY, null);
  state.set(next);
}

function commit(next: SetsState, message: string, extending?: number) {
  // A change that completes the one before it (a standard's parts arriving) is undone with it.
  const last = lastChange.get();
  const before = extending !== undefined && last?.serial === extending ? last.before : state.get();
  persist(next);
  lastChange.set({ message, before, serial: ++serial });
}

// Another tab changed the sets: follow it (its change is not undone from here).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) {
      state.set(initialState());
      lastChange.set(null);
    }
  });
}

const current = (s: SetsState = state.get()) => s.sets.find((x) => x.id === s.currentId) ?? s.sets[0]!;
const touch = (set: StandardSet, entries: ExportEntry[]): StandardSet => ({ ...set, entries, updatedAt: new Date().toISOString() });
const replaceSet = (s: SetsState, set: StandardSet): SetsState => ({ ...s, sets: s.sets.map((x) => (x.id === set.id ? set : x)) });
const quoted = (set: StandardSet) => `“${set.name}”`;
/** The entries not in the set yet, each once, in the order given. */
const freshFor = (set: StandardSet, entries: readonly ExportEntry[]) => {
  const have = new Set(set.entries.map((e) => e.item.caseIdentifierUUID));
  return unique(entries).filter((e) => !have.has(e.item.caseIdentifierUUID));
};
export const standardsCount = (n: number) => `${n} ${n === 1 ? 'standard' : 'standards'}`;

/** The set being edited: what every tick and "Add to set" changes. */
export const currentSet = {
  has: (id: string) => current().entries.some((e) => e.item.caseIdentifierUUID === id),
  /**
   * Adds those not in the set yet, at its end, in the order given; returns the ones it
   * added. `what` names them in the undo bar (default "3 standards").
   */
  add: (entries: readonly ExportEntry[], what?: string | ((added: readonly ExportEntry[]) => string)): ExportEntry[] => {
    const set = current();
    const fresh = freshFor(set, entries);
    if (!fresh.length) return fresh;
    const named = typeof what === 'function' ? what(fresh) : (what ?? describeSet(fresh));
    commit(replaceSet(state.get(), touch(set, [...set.entries, ...fresh])), `Added ${named} to ${quoted(set)}.`);
    return fresh;
  },
  remove: (ids: readonly string[], what?: string) => {
    const set = current();
    const gone = new Set(ids);
    const kept = set.entries.filter((e) => !gone.has(e.item.caseIdentifierUUID));
    if (kept.length === set.entries.length) return;
    const removed = set.entries.filter((e) => gone.has(e.item.caseIdentifierUUID));
    commit(replaceSet(state.get(), touch(set, kept)), `Removed ${what ?? describeSet(removed)} from ${quoted(set)}.`);
  },
  /** Moves a standard to a position (0 = top); the others keep their order. */
  moveTo: (id: string, index: number) => {
    const set = current();
    const from = set.entries.findIndex((e) => e.item.caseIdentifierUUID === id);
    const to = Math.max(0, Math.min(set.entries.length - 1, index));
    if (from < 0 || from === to) return;
    const next = [...set.entries];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    commit(replaceSet(state.get(), touch(set, next)), `Moved ${moved!.item.statementCode ?? 'a standard'} to position ${to + 1}.`);
  },
  /**
   * Ticks a standard in with its parts (added as soon as they are read, right after it),
   * or takes it out with the parts it brought. One undo puts back either.
   */
  toggleWithParts: (entry: ExportEntry) => {
    const id = entry.item.caseIdentifierUUID;
    const code = entry.item.statementCode ?? 'the standard';
    if (currentSet.has(id)) {
      const parts = current().entries.filter((e) => e.path.some((p) => p.caseIdentifierUUID === id));
      currentSet.remove(
        [id, ...parts.map((e) => e.item.caseIdentifierUUID)],
        parts.length ? `${code} and its ${parts.length} parts` : undefined,
      );
      return;
    }
    currentSet.add([entry], entry.item.statementCode ?? undefined);
    const added = serial;
    void loadParts?.(entry).then(
      (parts) => insertParts(id, parts, added, code),
      () => undefined, // offline with nothing saved: the standard alone, as ticked
    );
  },
  clear: () => {
    const set = current();
    if (set.entries.length) commit(replaceSet(state.get(), touch(set, [])), `Emptied ${quoted(set)}.`);
  },
};

type PartsLoader = (entry: ExportEntry) => Promise<ExportEntry[]>;
let loadParts: PartsLoader | null = null;
/** How a standard's parts are read (the data layer registers it with the current source). */
export const setPartsLoader = (loader: PartsLoader | null) => {
  loadParts = loader;
};

function insertParts(id: string, parts: ExportEntry[], extending: number, code: string) {
  const set = current();
  const at = set.entries.findIndex((e) => e.item.caseIdentifierUUID === id);
  const fresh = freshFor(set, parts);
  // Taken out again before its parts arrived, or nothing new: nothing to add.
  if (at < 0 || !fresh.length) return;
  const next = [...set.entries.slice(0, at + 1), ...fresh, ...set.entries.slice(at + 1)];
  commit(replaceSet(state.get(), touch(set, next)), `Added ${code} with its ${fresh.length} parts to ${quoted(set)}.`, extending);
}

/** The sets on this device. */
export const sets = {
  nameOf: (id: string) => state.get().sets.find((x) => x.id === id)?.name ?? null,
  /** The set being edited, read once (outside React). */
  editing: (): StandardSet => current(),
  /** Every set, read once (outside React). */
  all: (): readonly StandardSet[] => state.get().sets,
  choose: (id: string) => {
    const s = state.get();
    if (s.currentId !== id && s.sets.some((x) => x.id === id))
      commit({ ...s, currentId: id }, `Now editing ${quoted(current({ ...s, currentId: id }))}.`);
  },
  /**
   * A new set, chosen for editing, named apart from the others (“… (2)”); the empty set
   * the store made itself gives way to it. Returns its id.
   */
  create: (name: string, entries: ExportEntry[] = [], note = ''): string => {
    const s = state.get();
    const kept = s.sets.filter((x) => !isPlaceholder(x));
    const set = newSet(
      distinctName(
        cleanName(name) || DEFAULT_SET_NAME,
        kept.map((x) => x.name),
      ),
      entries,
      note,
    );
    const gaveWay = s.sets.length - kept.length;
    commit(
      { currentId: set.id, sets: [...kept, set] },
      `Created ${quoted(set)}${entries.length ? ` with ${describeSet(set.entries)}` : ''}${gaveWay ? `; the empty “${DEFAULT_SET_NAME}” gave way` : ''}.`,
    );
    return set.id;
  },
  /** Renames a set; returns why it did not (another set has that name), or null. */
  rename: (id: string, name: string): string | null => {
    const s = state.get();
    const set = s.sets.find((x) => x.id === id);
    const clean = cleanName(name);
    if (!set || !clean || clean === set.name) return null;
    if (s.sets.some((x) => x.id !== id && x.name.toLowerCase() === clean.toLowerCase()))
      return `Another set is already named “${clean}”: choose a name that tells them apart.`;
    commit(replaceSet(s, { ...set, name: clean, updatedAt: new Date().toISOString() }), `Renamed ${quoted(set)} to “${clean}”.`);
    return null;
  },
  setNote: (id: string, note: string) => {
    const set = state.get().sets.find((x) => x.id === id);
    if (!set || set.note === cleanNote(note)) return;
    commit(
      replaceSet(state.get(), { ...set, note: cleanNote(note), updatedAt: new Date().toISOString() }),
      `Changed the note of ${quoted(set)}.`,
    );
  },
  duplicate: (id: string) => {
    const set = state.get().sets.find((x) => x.id === id);
    if (!set) return;
    const s = state.get();
    const copy = newSet(
      distinctName(
        set.name,
        s.sets.map((x) => x.name),
      ),
      set.entries,
      set.note,
    );
    const at = s.sets.indexOf(set) + 1;
    commit(
      { currentId: copy.id, sets: [...s.sets.slice(0, at), copy, ...s.sets.slice(at)] },
      `Duplicated ${quoted(set)} as ${quoted(copy)}.`,
    );
  },
  /** Deletes a set; deleting the last one leaves a new empty set, so there is always one to edit. */
  delete: (id: string) => {
    const s = state.get();
    const set = s.sets.find((x) => x.id === id);
    if (!set) return;
    const rest = s.sets.filter((x) => x.id !== id);
    const sets = rest.length ? rest : [newSet(DEFAULT_SET_NAME)];
    const currentId = s.currentId === id ? sets[Math.max(0, s.sets.indexOf(set) - 1)]!.id : s.currentId;
    commit({ currentId, sets }, `Deleted ${quoted(set)}.`);
  },
};

/** Puts back what the last change changed. */
export function undoLastChange() {
  const change = lastChange.get();
  if (!change) return;
  persist(change.before);
  lastChange.set(null);
}

export const dismissLastChange = () => lastChange.set(null);
export const useLastChange = () => useStore(lastChange);

const selectCurrent = (s: SetsState) => current(s);
const selectSets = (s: SetsState) => s.sets;
/** The set being edited; re-renders when it changes. */
export const useCurrentSet = (): StandardSet => useStore(state, selectCurrent);
export const useSets = (): StandardSet[] => useStore(state, selectSets);
