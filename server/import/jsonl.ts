import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** Reads a JSONL file line by line (never whole: the full export is ~800 MB). */
/** `chars` counts what was read so far (characters, with line ends): enough for a progress figure. */
export async function* readLines(path: string): AsyncGenerator<{ line: string; lineNumber: number; chars: number }> {
  const rl = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNumber = 0;
  let chars = 0;
  for await (const line of rl) {
    lineNumber++;
    chars += line.length + 1;
    if (line.trim() === '') continue;
    yield { line, lineNumber, chars };
  }
}
