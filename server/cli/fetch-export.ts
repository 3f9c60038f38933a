/**
 * `npm run data:fetch -- <release> [folder]`: downloads the public Learning Commons
 * export (nodes.jsonl, relationships.jsonl) of one data release, streaming to disk
 * with progress. Optional: the app runs on the project's sample without it.
 */
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_FILES } from '../import/export-files';
import { PROJECT_ROOT } from '../config';
import { readLines } from '../import/jsonl';
import { parseNodeLine, parseRelationshipLine } from '../import/records';

export const EXPORT_BASE_URL = 'https://cdn.learningcommons.org/knowledge-graph';

export class FetchError extends Error {}

export interface FetchOptions {
  release: string;
  outDir: string;
  baseUrl?: string;
  log?: (line: string) => void;
}

export async function fetchExport({ release, outDir, baseUrl = EXPORT_BASE_URL, log = () => {} }: FetchOptions) {
  if (!/^v\d+\.\d+\.\d+$/.test(release)) throw new FetchError(`A release looks like v1.11.0; got "${release}".`);
  mkdirSync(outDir, { recursive: true });
  for (const file of EXPORT_FILES) {
    const url = `${baseUrl.replace(/\/+$/, '')}/${release}/exports/${file}`;
    const target = join(outDir, file);
    const partial = `${target}.part`;
    let response: Response;
    try {
      response = await fetch(url);
    } catch (e) {
      throw new FetchError(`Could not reach ${url}: ${(e as Error).message}`);
    }
    if (!response.ok || !response.body) throw new FetchError(`${url} answered ${response.status}: check the release name.`);
    const total = Number(response.headers.get('content-length')) || 0;
    let done = 0;
    let lastReport = 0;
    const progress = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        done += chunk.length;
        if (done - lastReport > 16 * 2 ** 20 || done === total) {
          lastReport = done;
          log(`${file}: ${mib(done)}${total ? ` of ${mib(total)} (${Math.round((done / total) * 100)}%)` : ''}`);
        }
        cb(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(response.body as never), progress, createWriteStream(partial));
      await checkFirstLine(partial, file);
    } catch (e) {
      rmSync(partial, { force: true });
      throw e instanceof FetchError ? e : new FetchError(`Downloading ${file} failed: ${(e as Error).message}`);
    }
    renameSync(partial, target);
    log(`${file}: saved ${mib(done)}`);
  }
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** A page of HTML or an error document saved as JSONL would only fail later, at import. */
async function checkFirstLine(path: string, file: string) {
  for await (const { line } of readLines(path)) {
    try {
      if (file === 'nodes.jsonl') parseNodeLine(line);
      else parseRelationshipLine(line);
    } catch (e) {
      throw new FetchError(`${file} is not a Learning Commons export file (${(e as Error).message}).`);
    }
    return;
  }
  throw new FetchError(`${file} is empty.`);
}

if (process.argv[1] && resolve(process.argv[1]).endsWith('fetch-export.ts')) {
  const [release, out] = process.argv.slice(2);
  if (!release) {
    console.error('Usage: npm run data:fetch -- <release, e.g. v1.11.0> [folder]');
    process.exit(2);
  }
  const outDir = resolve(out ?? join(PROJECT_ROOT, '.data', 'learning-commons', release));
  fetchExport({ release, outDir, baseUrl: process.env.LC_EXPORT_BASE_URL || EXPORT_BASE_URL, log: console.log })
    .then(() => console.log(`Done. Start the app on it with:\n  STANDARDS_DATA=${outDir} npm start`))
    .catch((e) => {
      console.error(e instanceof FetchError ? `data:fetch failed: ${e.message}` : e);
      process.exit(1);
    });
}
