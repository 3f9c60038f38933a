import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLines } from './jsonl';

async function linesOf(text: string) {
  const path = join(mkdtempSync(join(tmpdir(), 'jsonl-')), 'x.jsonl');
  writeFileSync(path, text);
  const out = [];
  for await (const l of readLines(path)) out.push(l);
  return out;
}

describe('readLines', () => {
  it('yields each non-blank line with its number, CRLF or LF, with or without a last line end', async () => {
    expect(await linesOf('{"a":1}\r\n\n  \n{"b":"é"}')).toEqual([
      { line: '{"a":1}', lineNumber: 1, chars: 9 },
      { line: '{"b":"é"}', lineNumber: 4, chars: 23 },
    ]);
    expect((await linesOf('x\n')).map((l) => l.line)).toEqual(['x']);
    expect(await linesOf('')).toEqual([]);
  });

  it('joins lines cut across the 1 MB chunks', async () => {
    const line = JSON.stringify({ text: 'ä'.repeat(300_000) }); // multi-byte, longer than a chunk in bytes
    const lines = await linesOf(`${line}\n${line}\n${line}\n`);
    expect(lines.map((l) => l.line)).toEqual([line, line, line]);
    expect(lines.map((l) => l.lineNumber)).toEqual([1, 2, 3]);
    expect(lines.at(-1)!.chars).toBe(3 * (line.length + 1));
  });
});
