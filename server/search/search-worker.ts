/**
 * One search thread: its own read-only connection, answering word searches and code
 * prefixes for the HTTP thread (see searcher.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { StandardsStore } from '../store/standards-store';
import { runSearch, searchContext, type SearchRequest } from './searcher';

const context = searchContext(new StandardsStore((workerData as { path: string }).path));

parentPort!.on('message', ({ id, request }: { id: number; request: SearchRequest }) => {
  try {
    parentPort!.postMessage({ id, rows: runSearch(context, request) });
  } catch (e) {
    parentPort!.postMessage({ id, error: (e as Error).message });
  }
});
