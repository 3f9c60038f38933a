/**
 * `npm start`: build the app if needed, import the data if needed, serve both.
 */
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { startServer } from './http-server';
import { ConfigError, loadConfig, type Config } from './config';
import { ensureBuilt } from './build-app';
import { ImportError } from './import/import-error';
import { LiveData } from './live-data';
import type { LtiStore } from './lti/lti-store';
import { openLtiStore } from './lti/open-lti-store';
import { LtiStoreUnavailable, LtiStoreVersionError } from './lti/store-errors';
import type { StandardsStore } from './store/standards-store';
import type { Searcher } from './search/searcher';

async function main() {
  const config = loadConfig();
  await ensureBuilt(config.distDir);
  if (config.proxy) console.log(`Proxy mode: /api/v0 forwards to ${config.proxy.baseUrl} with the server's key (LC_API_KEY).`);
  if (config.apiKeys.length) console.log(`The API asks for one of ${config.apiKeys.length} key(s) in x-api-key (STANDARDS_API_KEYS).`);
  else console.log('The API is open: no STANDARDS_API_KEYS set, so requests need no x-api-key.');
  console.log(
    `/embed may be framed by: 'self'${config.embedOrigins.map((o) => ` ${o}`).join('')} (EMBED_ALLOWED_ORIGINS); other pages refuse framing.`,
  );
  // One store for every app the data swaps build: keys, registrations and sessions outlive a swap.
  const lti = { store: await openLti(config), publicUrl: config.publicUrl, registrationHosts: config.ltiRegistrationHosts };
  console.log(
    `LTI 1.3 tool at /lti (its state in ${lti.store.location}, ${config.ltiDatabaseUrl ? 'STANDARDS_LTI_DATABASE_URL' : 'STANDARDS_LTI_STORE'}).`,
  );
  const appFor = (store?: StandardsStore, searcher?: Searcher, preparing?: () => { percent: number }) =>
    createApp({
      store,
      searcher,
      preparing,
      proxy: config.proxy,
      apiKeys: config.apiKeys,
      cursorKey: config.cursorKey,
      maxAge: config.maxAge,
      staleWhileRevalidate: config.staleWhileRevalidate,
      distDir: config.distDir,
      embedOrigins: config.embedOrigins,
      lti,
    });

  const data = config.proxy ? null : new LiveData(config, appFor);
  const proxyApp = config.proxy ? appFor() : null;
  // Requests being answered, so a shutdown can say what it waits for.
  let open = 0;
  const counted = async (req: Request) => {
    open++;
    try {
      return await (proxyApp ? proxyApp.fetch(req) : data!.fetch(req));
    } finally {
      open--;
    }
  };
  // The data is opened (or imported) once the server listens: an import takes a while on
  // the full export, and meanwhile the server says so instead of refusing connections.
  if (data) await data.openIfImported();
  // Repeated API answers of the local data go out from memory, before the app (ready-answers.ts).
  const ready = data ? data.answerReady.bind(data) : undefined;
  const server = await startServer(counted, { hostname: config.host, port: config.port, ready }).catch((e: NodeJS.ErrnoException) => {
    throw new ConfigError(
      e.code === 'EADDRINUSE' ? `Port ${config.port} is in use: set PORT to another port.` : `The server could not start: ${e.message}`,
    );
  });
  const { port } = server.address() as AddressInfo;
  console.log(`Standards Explorer is at http://${config.host}:${port}/  (API: http://${config.host}:${port}/api/v0)`);
  if (data && !data.ready) {
    await data.importAndSwap().catch((e: unknown) => {
      server.close();
      throw e;
    });
  }
  // SIGHUP: import the data folder again if it changed, beside the served database, and
  // switch to it when it is ready; a failed import keeps the old data.
  process.on('SIGHUP', () => {
    if (!data) return;
    console.log('SIGHUP: checking the data folder for changes…');
    data
      .importAndSwap()
      .catch((e: unknown) => console.error(`The new data was not imported, so the old data is still served: ${message(e)}`));
  });

  // Finish in-flight requests, then close the database.
  const stop = (signal: string) => {
    console.log(`${signal}: finishing ${open} open requests…`);
    server.close(() => void (data?.close() ?? Promise.resolve()).then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

/**
 * The LTI store, its schema upgraded. A store this build cannot read stops the start; one
 * that cannot be reached yet does not: the rest of the app serves, /lti answers "try
 * again" pages, and the store is upgraded on the first request that reaches it.
 */
async function openLti(config: Config): Promise<LtiStore> {
  try {
    const store = openLtiStore(config);
    await store.ready().catch((e: unknown) => {
      if (!(e instanceof LtiStoreUnavailable)) throw e;
      console.warn(`${e.message}. The LTI tool answers "try again" pages until it can.`);
    });
    return store;
  } catch (e) {
    throw e instanceof LtiStoreVersionError ? new ConfigError(e.message) : e;
  }
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

main().catch((e) => {
  if (e instanceof ConfigError || e instanceof ImportError) console.error(`Cannot start: ${e.message}`);
  else console.error('Cannot start:', e);
  process.exit(1);
});
