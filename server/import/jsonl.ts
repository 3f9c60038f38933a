import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** Reads a JSONL file line by line (never whole: the full export is ~800 MB). */
export async function* readLines(path: string): AsyncGenerator<{ line: string; lineNumber: number }> {
  const rl = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of rl) {
    lineNumber++;
    if (line.trim() === '') continue;
    yield { line, lineNumber };
  }
}
