/**
 * Reuses an imported database while its inputs are unchanged, so `npm start` stays fast:
 * the file name carries a hash of the data folder and of each input's size and mtime.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_VERSION } from '../store/schema';
import { exportFilePaths, exportFolders, type DataSource } from './export-files';
import { importExport, type Fraction, type ImportCounts } from './importer';
import { importSummary, readSummary, saveSummary } from './summary';

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 12);

export function databasePathFor(source: DataSource, cacheDir: string): string {
  const files = exportFilePaths(source);
  const folderKey = hash(exportFolders(source).join('\n'));
  const inputKey = hash(
    [
      SCHEMA_VERSION,
      ...[...files.nodes, ...files.relationships].map((f) => {
        const s = statSync(f);
        return `${f}:${s.size}:${s.mtimeMs}`;
      }),
    ].join('|'),
  );
  return join(cacheDir, `standards-${folderKey}-${inputKey}.sqlite`);
}

export interface EnsuredDatabase {
  path: string;
  /** Present when this call imported; absent when an existing database was reused. */
  counts?: ImportCounts;
  /** What the import left out, from this call or the one that built the database. */
  summary: string[] | null;
}

export async function ensureDatabase(
  source: DataSource,
  cacheDir: string,
  log: (m: string) => void = () => {},
  done: Fraction = () => {},
  /** Leave older imports for the caller to remove (the server: once no thread reads them). */
  keepStale = false,
): Promise<EnsuredDatabase> {
  mkdirSync(cacheDir, { recursive: true });
  const path = databasePathFor(source, cacheDir);
  if (existsSync(path)) return { path, summary: readSummary(path) };
  const counts = await importExport(source, path, log, done);
  const summary = importSummary(counts);
  saveSummary(path, summary);
  if (!keepStale) removeStaleDatabases(path, cacheDir);
  return { path, counts, summary };
}

/**
 * Older imports of the same data folders than `path` (and their summaries) are stale:
 * removed, except those `inUse`. An import in progress (`.tmp-`) is left alone.
 */
export function removeStaleDatabases(path: string, cacheDir: string, inUse: ReadonlySet<string> = new Set()) {
  const prefix =
    path
      .slice(cacheDir.length + 1)
      .split('-')
      .slice(0, 2)
      .join('-') + '-';
  for (const name of readdirSync(cacheDir)) {
    const full = join(cacheDir, name);
    const database = full.replace(/\.summary\.json$/, '');
    if (name.startsWith(prefix) && !full.startsWith(path) && !name.includes('.tmp-') && !inUse.has(database)) rmSync(full, { force: true });
  }
}
