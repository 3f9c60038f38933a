/**
 * Word searches and code prefixes, the API's only queries whose cost grows with the
 * data (a common word matches a third of the export). better-sqlite3 is synchronous, so
 * run on the HTTP thread one such query would hold every other request; they run on a
 * few worker threads, each with its own read-only connection, and browsing stays quick
 * while many people search. Tests and small setups may answer in process.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { siblingModule, startThread } from '../threads';
import type { ItemFilters, SearchFilters, SearchRow, StandardsStore } from '../store/standards-store';
import { FrameworkRanking } from './framework-ranking';
import type { OwnExample } from '../../contract/search/examples';
import { queryWordsOf, wordQuery } from './word-query';

export type SearchRequest =
  | { kind: 'words'; text: string; filters: SearchFilters; limit: number; frameworkUuid?: string }
  | { kind: 'codePrefix'; frameworkUuid: string; prefix: string; filters: ItemFilters; limit: number }
  /** A pasted text's standards, in one framework or one jurisdiction's (see FrameworkRanking.align). */
  | { kind: 'align'; text: string; filters: SearchFilters; limit: number; frameworkUuid?: string; examples?: OwnExample[] };

export interface Searcher {
  search(request: SearchRequest): Promise<SearchRow[]>;
  close(): Promise<void>;
}

/** One connection and the framework indexes built from it: what a search thread holds. */
export interface SearchContext {
  store: StandardsStore;
  ranking: FrameworkRanking;
}

export const searchContext = (store: StandardsStore): SearchContext => ({ store, ranking: new FrameworkRanking(store) });

/**
 * One request against one connection: what a search thread runs, and the in-process
 * searcher. Words in a framework or a jurisdiction are ranked by the shared ranking (the
 * one a saved framework is ranked by offline); across the whole export, or a scope too
 * large to hold, by the full-text index, with the same order rules (every word first).
 */
export function runSearch({ store, ranking }: SearchContext, r: SearchRequest): SearchRow[] {
  if (r.kind === 'codePrefix') return store.codePrefix(r.frameworkUuid, r.prefix, r.filters, r.limit);
  const frameworks = store.frameworksInScope(r.filters, r.frameworkUuid);
  if (r.kind === 'align') {
    // The API refuses a scope it cannot hold before asking (see alignScopeError).
    if (!frameworks || !ranking.canRank(frameworks)) return [];
    return ranking.align(
      r.text,
      r.filters,
      r.limit,
      frameworks.map((f) => f.rank),
      r.examples,
    );
  }
  if (frameworks && ranking.canRank(frameworks)) {
    return ranking.search(
      r.text,
      r.filters,
      r.limit,
      frameworks.map((f) => f.rank),
    );
  }
  return store.searchWords(wordQuery(queryWordsOf(r.text)), r.filters, r.limit, r.frameworkUuid);
}

/** Answers on the calling thread (tests, and STANDARDS_SEARCH_THREADS=0). */
export function inProcessSearcher(store: StandardsStore): Searcher {
  const context = searchContext(store);
  return { search: async (r) => runSearch(context, r), close: async () => {} };
}

/** The default number of search threads: two, or more on a bigger machine (at most four). */
export const defaultSearchThreads = () => Math.max(2, Math.min(4, availableParallelism() - 1));

interface Pending {
  resolve: (rows: SearchRow[]) => void;
  reject: (e: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** A fixed pool of search threads; each request goes to the thread with the fewest waiting. */
export function workerSearcher(databasePath: string, threads = defaultSearchThreads()): Searcher {
  const script = siblingModule('search-worker', import.meta.url);
  let nextId = 0;
  let closing = false;

  const start = (): Thread => {
    const thread: Thread = { worker: startThread(script, { path: databasePath }), pending: new Map() };
    thread.worker.on('message', ({ id, rows, error }: { id: number; rows?: SearchRow[]; error?: string }) => {
      const p = thread.pending.get(id);
      thread.pending.delete(id);
      if (!p) return;
      if (error !== undefined) p.reject(new Error(error));
      // Buffers arrive as plain Uint8Arrays: wrap them again without copying.
      else p.resolve(rows!.map((r) => ({ ...r, json: Buffer.from(r.json.buffer, r.json.byteOffset, r.json.byteLength) })));
    });
    const fail = (e: Error) => {
      for (const p of thread.pending.values()) p.reject(e);
      thread.pending.clear();
      if (!closing) pool[pool.indexOf(thread)] = start(); // a thread that died is replaced
    };
    thread.worker.on('error', fail);
    thread.worker.on('exit', (code) => fail(new Error(`search thread exited with code ${code}`)));
    thread.worker.unref();
    return thread;
  };
  const pool = Array.from({ length: threads }, start);

  return {
    search(request) {
      const thread = pool.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.postMessage({ id, request });
      });
    },
    async close() {
      closing = true;
      await Promise.all(pool.map((t) => t.worker.terminate()));
    },
  };
}
