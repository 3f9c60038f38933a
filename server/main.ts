/**
 * `npm start`: build the app if needed, import the data if needed, serve both.
 */
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { startServer } from './http-server';
import { ConfigError, loadConfig, type Config } from './config';
import { ensureBuilt } from './build-app';
import { ensureDatabase } from './import/database-cache';
import { ImportError } from './import/import-error';
import { StandardsStore } from './store/standards-store';

async function main() {
  const config = loadConfig();
  await ensureBuilt(config.distDir);
  const store = config.proxy ? undefined : await openStore(config);
  if (config.proxy) console.log(`Proxy mode: /api/v0 forwards to ${config.proxy.baseUrl} with the server's key (LC_API_KEY).`);
  if (config.apiKeys.length) console.log(`The API asks for one of ${config.apiKeys.length} key(s) in x-api-key (STANDARDS_API_KEYS).`);
  else console.log('The API is open: no STANDARDS_API_KEYS set, so requests need no x-api-key.');

  console.log(
    `/embed may be framed by: 'self'${config.embedOrigins.map((o) => ` ${o}`).join('')} (EMBED_ALLOWED_ORIGINS); other pages refuse framing.`,
  );
  const app = createApp({
    store,
    proxy: config.proxy,
    apiKeys: config.apiKeys,
    distDir: config.distDir,
    embedOrigins: config.embedOrigins,
  });
  // Requests being answered, so a shutdown can say what it waits for.
  let open = 0;
  const counted = async (req: Request) => {
    open++;
    try {
      return await app.fetch(req);
    } finally {
      open--;
    }
  };
  const server = await startServer(counted, { hostname: config.host, port: config.port }).catch((e: NodeJS.ErrnoException) => {
    throw new ConfigError(
      e.code === 'EADDRINUSE' ? `Port ${config.port} is in use: set PORT to another port.` : `The server could not start: ${e.message}`,
    );
  });
  const { port } = server.address() as AddressInfo;
  console.log(`Standards Explorer is at http://${config.host}:${port}/  (API: http://${config.host}:${port}/api/v0)`);

  // Finish in-flight requests, then close the database.
  const stop = (signal: string) => {
    console.log(`${signal}: finishing ${open} open requests…`);
    server.close(() => {
      store?.close();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

async function openStore(config: Config) {
  const label = {
    STANDARDS_DATA: 'STANDARDS_DATA',
    real: "the project's own Learning Commons subset",
    sample: "the project's sample export",
  }[config.dataSource];
  console.log(`Data: ${config.dataDir} (${label})`);
  const started = performance.now();
  const { path, counts, summary } = await ensureDatabase(config.dataDir, config.cacheDir, (m) => console.log(`  import: ${m}`));
  if (counts) console.log(`Imported in ${counts.seconds.toFixed(1)} s:`);
  else console.log(`Reusing the imported database (${Math.round(performance.now() - started)} ms): the data is unchanged. It holds:`);
  for (const line of summary ?? ['(no import summary kept for this database: delete it from the cache to import again)'])
    console.log(`  ${line}`);
  return new StandardsStore(path);
}

main().catch((e) => {
  if (e instanceof ConfigError || e instanceof ImportError) console.error(`Cannot start: ${e.message}`);
  else console.error('Cannot start:', e);
  process.exit(1);
});
