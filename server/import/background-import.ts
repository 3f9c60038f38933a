/**
 * Runs an import on a worker thread, so the server keeps answering (the app, /healthz,
 * and "preparing the data" for the API) while it works: an import is ~40 s of
 * synchronous SQLite work on the full export.
 */
import { siblingModule, startThread } from '../threads';
import type { EnsuredDatabase } from './database-cache';
import { ImportError } from './import-error';

export interface ImportWatcher {
  log: (message: string) => void;
  progress: (percent: number) => void;
}

export function importInBackground(dataDirs: readonly string[], cacheDir: string, watch: ImportWatcher): Promise<EnsuredDatabase> {
  const script = siblingModule('import-thread', import.meta.url);
  return new Promise((resolve, reject) => {
    const worker = startThread(script, { dataDirs, cacheDir });
    let settled = false;
    worker.on('message', (m: { type: string; message?: string; percent?: number; result?: EnsuredDatabase; importError?: boolean }) => {
      if (m.type === 'log') watch.log(m.message!);
      else if (m.type === 'progress') watch.progress(m.percent!);
      else {
        settled = true;
        void worker.terminate();
        if (m.type === 'done') resolve(m.result!);
        else reject(m.importError ? new ImportError(m.message!) : new Error(m.message));
      }
    });
    worker.on('error', (e) => {
      if (!settled) reject(e);
      settled = true;
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`the import thread stopped (exit code ${code})`));
      settled = true;
    });
  });
}
