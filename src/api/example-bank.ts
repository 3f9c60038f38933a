/**
 * The example bank in the browser (decision 027): its files are chunks of their own,
 * loaded with the alignment feature (every file) or with a standard's "Example tasks"
 * (only its grades' files), never with the first screen; the service worker keeps them
 * for offline use like every other chunk. A file holds a grade band: `k-2`, `3-5`, `6-8`,
 * `hs` (four files compress to less than one per grade: 274 KB together, brotli).
 */
/// <reference types="vite/client" />
import { ExampleBank, parseExamples, type BankExample } from '../../contract/search/examples';

/** The bank's files by path, each read on demand. */
export type BankFiles = Record<string, () => Promise<string>>;

let FILES: BankFiles;
try {
  // Vite turns this into the files' chunks; run outside Vite (the bench, under Node) it
  // throws, and the caller hands the files over with readBankFrom.
  FILES = import.meta.glob<string>('../../contract/search/examples/*.jsonl', { query: '?raw', import: 'default' });
} catch {
  FILES = {};
}

/** Reads the bank from these files from now on (the bench, which runs outside Vite). */
export function readBankFrom(files: BankFiles): void {
  FILES = files;
  read.clear();
  whole = undefined;
}
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.jsonl$/, '');

const read = new Map<string, Promise<BankExample[]>>();
function load(path: string): Promise<BankExample[]> {
  const kept = read.get(path);
  if (kept) return kept;
  const examples = FILES[path]!().then((text: string) => parseExamples(text, nameOf(path)));
  read.set(path, examples);
  // A chunk that failed to arrive (offline, not yet cached) is asked again next time.
  examples.catch(() => read.delete(path));
  return examples;
}

let whole: Promise<ExampleBank> | undefined;

/** Every example of the bank (the alignment's). */
export function wholeBank(): Promise<ExampleBank> {
  if (whole) return whole;
  const bank = Promise.all(Object.keys(FILES).sort().map(load)).then((files) => new ExampleBank(files.flat()));
  whole = bank;
  bank.catch(() => (whole = undefined));
  return bank;
}

/** The file a grade's examples are in: its band's. */
function fileKey(grade: string): string | undefined {
  if (grade === 'K' || grade === 'PK' || grade === 'TK') return 'k-2';
  const n = Number(grade);
  if (!Number.isInteger(n) || n < 1) return grade === 'HS' ? 'hs' : undefined;
  return n <= 2 ? 'k-2' : n <= 5 ? '3-5' : n <= 8 ? '6-8' : 'hs';
}

/** The bank's examples of the given grades (a standard's details read only these). */
export async function bankForGrades(grades: readonly string[]): Promise<ExampleBank> {
  const keys = new Set(grades.map(fileKey).filter((k) => k !== undefined));
  const paths = Object.keys(FILES)
    .sort()
    .filter((path) => keys.has(nameOf(path)));
  return new ExampleBank((await Promise.all(paths.map(load))).flat());
}
