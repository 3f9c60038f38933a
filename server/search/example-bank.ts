/**
 * The example bank as the server and the tool server read it: the bank's files
 * (contract/search/examples/*.jsonl), read once per process (a search thread reads its
 * own), checked line by line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExampleBank, parseExamples } from '../../contract/search/examples';

const EXAMPLES_DIR = fileURLToPath(new URL('../../contract/search/examples/', import.meta.url));

/** The bank's files, in name order (full paths). */
export const bankFiles = (): string[] =>
  readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => join(EXAMPLES_DIR, f));

let bank: ExampleBank | undefined;

/** The bank's examples, every file in name order. */
export function exampleBank(): ExampleBank {
  bank ??= new ExampleBank(bankFiles().flatMap((path) => parseExamples(readFileSync(path, 'utf8'), basename(path))));
  return bank;
}
