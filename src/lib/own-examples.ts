/**
 * A teacher's own examples, kept on this device only (decision 027): a text they found
 * standards for, kept as an example of the standard they chose. The next similar text
 * ranks with it, online (sent with the text) and offline alike, and says so ("like your
 * example: …"). Listed and removable in Settings; carried by the examples file that
 * Settings exports and imports. Stored in local storage (a few hundred short texts fit
 * well within its quota), like the sets.
 */
import * as z from 'zod/mini';
import { v4 as randomUuid } from 'uuid';
import { MAX_EXAMPLE_TEXT, MAX_OWN_EXAMPLES, type OwnExample } from '../../contract/search/examples';
import { UUID_PATTERN } from '../../contract/uuid';
import { readJson, writeStored } from './safe-storage';
import { createStore, useStore } from './store';

export interface KeptExample {
  /** Made on this device when the example was kept. */
  id: string;
  /** The standard's caseIdentifierUUID, code and text, as shown when it was kept. */
  standard: string;
  code: string | null;
  description: string | null;
  framework: { caseIdentifierUUID: string; name: string | null };
  text: string;
  /** When it was kept (ISO time). */
  kept: string;
}

const KEY = 'standards-explorer.examples';
/** The most examples one device keeps: past it, the oldest make room. */
export const MAX_KEPT = 500;
const FILE_FORMAT = 'standards-explorer-examples';

const uuid = z.string().check(z.regex(UUID_PATTERN));
const keptSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  standard: uuid,
  code: z.nullable(z.string().check(z.maxLength(200))),
  description: z.nullable(z.string().check(z.maxLength(20_000))),
  framework: z.object({ caseIdentifierUUID: uuid, name: z.nullable(z.string().check(z.maxLength(500))) }),
  text: z.string().check(z.minLength(1), z.maxLength(MAX_EXAMPLE_TEXT)),
  kept: z.string().check(z.maxLength(40)),
});
const storedSchema = z.object({ version: z.literal(1), examples: z.array(keptSchema) });
const fileSchema = z.object({ format: z.literal(FILE_FORMAT), version: z.literal(1), examples: z.array(keptSchema) });

const store = createStore<KeptExample[]>(readJson('local', KEY, (v) => storedSchema.parse(v).examples, []));

function save(next: KeptExample[]) {
  store.set(next);
  writeStored('local', KEY, JSON.stringify({ version: 1, examples: next }));
}

/** The text as an example: trimmed, its first MAX_EXAMPLE_TEXT characters. */
export const exampleText = (text: string) => text.trim().slice(0, MAX_EXAMPLE_TEXT);

export const ownExamples = {
  store,
  all: () => store.get(),
  /** Whether this text is kept as an example of this standard. */
  has: (standard: string, text: string) => store.get().some((e) => e.standard === standard && e.text === exampleText(text)),
  /** Keeps a text as an example of a standard (once; the newest first, at most MAX_KEPT). */
  keep(example: Omit<KeptExample, 'id' | 'kept' | 'text'> & { text: string }): void {
    const text = exampleText(example.text);
    if (!text || ownExamples.has(example.standard, text)) return;
    save([{ ...example, text, id: randomUuid(), kept: new Date().toISOString() }, ...store.get()].slice(0, MAX_KEPT));
  },
  remove(id: string): void {
    save(store.get().filter((e) => e.id !== id));
  },
  /** Forgets the text as an example of the standard (Undo right after keeping it). */
  forget(standard: string, text: string): void {
    save(store.get().filter((e) => !(e.standard === standard && e.text === exampleText(text))));
  },
  /** What an alignment in a framework reads: its newest examples there, at most MAX_OWN_EXAMPLES. */
  forFramework(frameworkId: string): OwnExample[] {
    return store
      .get()
      .filter((e) => e.framework.caseIdentifierUUID === frameworkId)
      .slice(0, MAX_OWN_EXAMPLES)
      .map((e) => ({ standard: e.standard, text: e.text }));
  },
  /** The examples file Settings exports. */
  file: (): string => JSON.stringify({ format: FILE_FORMAT, version: 1, examples: store.get() }, null, 1),
  /**
   * Reads an examples file and keeps what this device lacks (the same text for the same
   * standard is kept once). A file that is not one, or holds a malformed example, is
   * refused whole with a sentence saying why; nothing is lost.
   */
  importFile(raw: string): { added: number; already: number; full: number } {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new Error('This file is not an examples file of Standards Explorer (it is not JSON). Choose a file exported from Settings.');
    }
    const parsed = fileSchema.safeParse(json);
    if (!parsed.success) {
      const format = (json as { format?: unknown } | null)?.format;
      throw new Error(
        format === FILE_FORMAT
          ? `This examples file has an example that cannot be read (${z.prettifyError(parsed.error).split('\n')[0]}). Nothing was imported.`
          : 'This file is not an examples file of Standards Explorer. Choose a file exported from Settings (standards-explorer-examples.json).',
      );
    }
    const current = store.get();
    const known = new Set(current.map((e) => `${e.standard} ${e.text}`));
    const fresh = parsed.data.examples.filter((e) => !known.has(`${e.standard} ${e.text}`) && known.add(`${e.standard} ${e.text}`));
    const ids = new Set(current.map((e) => e.id));
    // Past MAX_KEPT the device's own stay; the file's make room no further.
    const added = fresh.slice(0, Math.max(0, MAX_KEPT - current.length)).map((e) => (ids.has(e.id) ? { ...e, id: randomUuid() } : e));
    if (added.length) save([...current, ...added]);
    return { added: added.length, already: parsed.data.examples.length - fresh.length, full: fresh.length - added.length };
  },
};

/** The kept examples, newest first, re-rendering on every change. */
export const useOwnExamples = () => useStore(store);
