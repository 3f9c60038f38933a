/**
 * The example bank as the server and the tool server read it: the bank's files
 * (contract/search/examples/*.jsonl), read once per process (a search thread reads its
 * own), checked line by line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ExampleBank, parseExamples } from '../../contract/search/examples';

export const EXAMPLES_DIR = fileURLToPath(new URL('../../contract/search/examples/', import.meta.url));

let bank: ExampleBank | undefined;

/** The bank's examples, every file in name order. */
export function exampleBank(): ExampleBank {
  bank ??= new ExampleBank(
    readdirSync(EXAMPLES_DIR)
      .filter((f) => f.endsWith('.jsonl'))
      .sort()
      .flatMap((f) => parseExamples(readFileSync(EXAMPLES_DIR + f, 'utf8'), f)),
  );
  return bank;
}
