/**
 * Reuses an imported database while its inputs are unchanged, so `npm start` stays fast:
 * the file name carries a hash of the data folder and of each input's size and mtime.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
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
  // Two processes started together on one cache folder import once: the other waits for
  // the lock's holder and serves the database it built.
  const release = await importLock(path, log);
  try {
    if (existsSync(path)) return { path, summary: readSummary(path) };
    const counts = await importExport(source, path, log, done);
    const summary = importSummary(counts);
    saveSummary(path, summary);
    if (!keepStale) removeStaleDatabases(path, cacheDir);
    return { path, counts, summary };
  } finally {
    release();
  }
}

/** A lock left by a process that died is taken over after this long, or at once when its process is gone. */
const STALE_LOCK_MS = 30 * 60 * 1000;
const LOCK_POLL_MS = 250;

/**
 * The right to import `path`: a `.lock` file created exclusively, holding the pid. Waits
 * while another live process holds it (saying so once); returns how to let go.
 */
export async function importLock(path: string, log: (m: string) => void = () => {}): Promise<() => void> {
  const lockPath = `${path}.lock`;
  let said = false;
  for (;;) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    if (existsSync(path) || lockIsStale(lockPath)) {
      // Built meanwhile (the caller reuses it), or left by a process that is gone.
      if (!existsSync(path)) rmSync(lockPath, { force: true });
      else return () => {};
      continue;
    }
    if (!said) log('Another process is importing the same data into this cache folder; waiting for it to finish…');
    said = true;
    await new Promise((r) => setTimeout(r, LOCK_POLL_MS));
  }
}

function lockIsStale(lockPath: string): boolean {
  try {
    const pid = Number(readFileSync(lockPath, 'utf8'));
    if (Date.now() - statSync(lockPath).mtimeMs > STALE_LOCK_MS) return true;
    if (!Number.isInteger(pid) || pid <= 0) return false; // being written: not stale yet
    process.kill(pid, 0);
    return false;
  } catch (e) {
    // ESRCH: no such process. EPERM: it exists (another user's), so the lock holds.
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
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
    if (name.startsWith(prefix) && !full.startsWith(path) && !name.includes('.tmp-') && !name.endsWith('.lock') && !inUse.has(database))
      rmSync(full, { force: true });
  }
}
