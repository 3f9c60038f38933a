/** The import on its own thread (see background-import.ts): reports lines, progress, the result. */
import { parentPort, workerData } from 'node:worker_threads';
import { ensureDatabase } from './database-cache';
import { ImportError } from './import-error';

const { dataDirs, cacheDir } = workerData as { dataDirs: string[]; cacheDir: string };
let last = -1;
ensureDatabase(
  dataDirs,
  cacheDir,
  (message) => parentPort!.postMessage({ type: 'log', message }),
  (fraction) => {
    const percent = Math.floor(fraction * 100);
    if (percent !== last) parentPort!.postMessage({ type: 'progress', percent: (last = percent) });
  },
  // The served database is still read by the server's threads: it removes it once they stop.
  true,
).then(
  (result) => parentPort!.postMessage({ type: 'done', result }),
  (e: Error) => parentPort!.postMessage({ type: 'error', message: e.message, importError: e instanceof ImportError }),
);
