/**
 * One search thread: its own read-only connection, answering word searches and code
 * prefixes for the HTTP thread (see search-workers.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { StandardsStore } from '../store/standards-store';
import type { SearchRequest } from './searcher';

const store = new StandardsStore((workerData as { path: string }).path);

parentPort!.on('message', ({ id, request }: { id: number; request: SearchRequest }) => {
  try {
    const rows =
      request.kind === 'words'
        ? store.searchWords(request.query, request.filters, request.limit, request.frameworkUuid)
        : store.codePrefix(request.frameworkUuid, request.prefix, request.filters, request.limit);
    parentPort!.postMessage({ id, rows });
  } catch (e) {
    parentPort!.postMessage({ id, error: (e as Error).message });
  }
});
