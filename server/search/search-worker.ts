/**
 * One search thread: its own read-only connection, answering word searches and code
 * prefixes for the HTTP thread (see searcher.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { StandardsStore } from '../store/standards-store';
import { runSearch, type SearchRequest } from './searcher';

const store = new StandardsStore((workerData as { path: string }).path);

parentPort!.on('message', ({ id, request }: { id: number; request: SearchRequest }) => {
  try {
    parentPort!.postMessage({ id, rows: runSearch(store, request) });
  } catch (e) {
    parentPort!.postMessage({ id, error: (e as Error).message });
  }
});
