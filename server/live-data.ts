/**
 * The data the local API serves, replaceable while it runs. Each database is a
 * generation (store, search threads, app, answers kept); a new one is imported beside the served one
 * on a worker thread and takes over in one assignment, and the old one closes once its
 * last request has been answered, so no request fails across a data update. Until the
 * first import finishes, a "preparing" app answers.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_BASE } from './app';
import { DEFAULT_TOOL_CALL_WAIT, type Config } from './config';
import { importInBackground } from './import/background-import';
import { databasePathFor, removeStaleDatabases } from './import/database-cache';
import { readSummary } from './import/summary';
import { ReadyAnswers } from './ready-answers';
import { inProcessSearcher, workerSearcher, type Searcher } from './search/searcher';
import { StandardsStore } from './store/standards-store';

/** What answers requests: anything with a fetch handler (a Hono app). */
interface App {
  fetch: (req: Request) => Response | Promise<Response>;
}

type AppFor = (store?: StandardsStore, searcher?: Searcher, preparing?: () => { percent: number }) => App;

interface Generation {
  path: string;
  store: StandardsStore;
  searcher: Searcher;
  app: App;
  /** Answers this data gave, sent again without the app. */
  answers: ReadyAnswers;
  open: number;
  retired: boolean;
}

const SOURCE_LABEL = {
  STANDARDS_DATA: 'STANDARDS_DATA',
  real: "the project's own Learning Commons subset and its learning components",
  sample: "the project's sample export",
} as const;

/** A tool server request that calls a tool (a batch holding one too): worth waiting for the data. */
async function isToolCall(req: Request) {
  if (req.method !== 'POST' || new URL(req.url).pathname !== '/mcp') return false;
  const body: unknown = await req
    .clone()
    .json()
    .catch(() => null);
  return (Array.isArray(body) ? body : [body]).some((m) => (m as { method?: unknown } | null)?.method === 'tools/call');
}

export class LiveData {
  private current: Generation | null = null;
  /** Every generation not closed yet (the current one, and retired ones still answering). */
  private readonly open = new Set<Generation>();
  private percent = 0;
  private readonly preparingApp: App;
  private importing: Promise<void> | null = null;
  /** Calls waiting for the first data (see whenReady). */
  private waiting: Array<() => void> = [];

  constructor(
    private readonly config: Pick<Config, 'dataDirs' | 'cacheDir' | 'dataSource' | 'searchThreads'> & Partial<Pick<Config, 'toolCallWait'>>,
    private readonly appFor: AppFor,
  ) {
    this.preparingApp = appFor(undefined, undefined, () => ({ percent: this.percent }));
    console.log(`Data: ${config.dataDirs.join(', ')} (${SOURCE_LABEL[config.dataSource]})`);
  }

  get ready() {
    return this.current !== null;
  }

  /**
   * Resolves once data is served, or after `ms` (true: ready). The first import of the
   * embedded data takes seconds: a tool call made meanwhile waits for it rather than
   * answering "being prepared" (decision 023).
   */
  whenReady(ms: number): Promise<boolean> {
    if (this.current) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve(this.current !== null);
      };
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== done);
        done();
      }, ms);
      this.waiting.push(done);
    });
  }

  /** Waits for the first data as long as a tool call may (config.toolCallWait). */
  whenToolsCanAnswer() {
    return this.whenReady((this.config.toolCallWait ?? DEFAULT_TOOL_CALL_WAIT) * 1000);
  }

  async fetch(req: Request): Promise<Response> {
    if (!this.current && (await isToolCall(req))) await this.whenToolsCanAnswer();
    const generation = this.current;
    if (!generation) return this.preparingApp.fetch(req);
    generation.open++;
    try {
      return await generation.answers.keep(req, await generation.app.fetch(req));
    } finally {
      generation.open--;
      if (generation.retired && generation.open === 0) void this.closeGeneration(generation);
    }
  }

  /**
   * Answers a request the current data answered before, from memory (and returns true).
   * Each data generation keeps its own answers: a swap starts from none.
   */
  answerReady(req: IncomingMessage, res: ServerResponse): boolean {
    return this.current?.answers.answer(req, res) ?? false;
  }

  /** Opens the database at once when the data was imported before (the usual start). */
  async openIfImported() {
    const started = performance.now();
    const path = databasePathFor(this.config.dataDirs, this.config.cacheDir);
    if (!existsSync(path)) return;
    console.log(`Reusing the imported database (${Math.round(performance.now() - started)} ms): the data is unchanged. It holds:`);
    this.printSummary(readSummary(path));
    this.switchTo(path);
  }

  /** Imports the data folder if it changed since the served database, then switches to it. */
  importAndSwap(): Promise<void> {
    this.importing ??= this.runImport().finally(() => (this.importing = null));
    return this.importing;
  }

  private async runImport() {
    const path = databasePathFor(this.config.dataDirs, this.config.cacheDir);
    if (this.current?.path === path) return console.log('The data is unchanged: nothing to import.');
    this.percent = 0;
    if (this.current) console.log('Importing the changed data beside the served database; the old data is served until it is ready.');
    else console.log('Importing the data; meanwhile the app says so and the API answers 503 with Retry-After.');
    const result = await importInBackground(this.config.dataDirs, this.config.cacheDir, {
      log: (m) => console.log(`  import: ${m}`),
      progress: (p) => (this.percent = p),
    });
    if (result.counts) console.log(`Imported in ${result.counts.seconds.toFixed(1)} s:`);
    this.printSummary(result.summary);
    this.switchTo(result.path);
  }

  private switchTo(path: string) {
    const store = new StandardsStore(path);
    const threads = this.config.searchThreads;
    const searcher = threads > 0 ? workerSearcher(path, threads) : inProcessSearcher(store);
    const next: Generation = {
      path,
      store,
      searcher,
      app: this.appFor(store, searcher),
      answers: new ReadyAnswers(`${API_BASE}/`),
      open: 0,
      retired: false,
    };
    const previous = this.current;
    this.current = next;
    this.open.add(next);
    for (const done of this.waiting.splice(0)) done();
    // Nothing reads an older import at the first start: stale ones go now.
    if (!previous) removeStaleDatabases(path, this.config.cacheDir);
    if (previous) {
      console.log('Now serving the new data.');
      previous.retired = true;
      if (previous.open === 0) void this.closeGeneration(previous);
    }
  }

  /**
   * Closes a generation: its search threads, then its connection. A retired generation's
   * database is then removed with any other stale import: only now, since a search
   * thread starting late would find its file gone (SQLITE_CANTOPEN).
   */
  private async closeGeneration(g: Generation) {
    await g.searcher.close();
    if (g.store.db.open) g.store.close();
    this.open.delete(g);
    if (g.retired && this.current) {
      removeStaleDatabases(this.current.path, this.config.cacheDir, new Set([...this.open].map((o) => o.path)));
    }
  }

  private printSummary(summary: string[] | null) {
    for (const line of summary ?? ['(no import summary kept for this database: delete it from the cache to import again)'])
      console.log(`  ${line}`);
  }

  async close() {
    if (this.current) await this.closeGeneration(this.current);
  }
}
