/**
 * `npm run mcp`: the tool server over stdio, what a desktop assistant launches. It
 * prepares the data as `npm start` does (the embedded default, or STANDARDS_DATA, or the
 * hosted service with LC_API_KEY) and speaks MCP on stdout; everything it says for a
 * person goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { API_BASE, createApp } from '../app';
import { loadConfig } from '../config';
import { ensureDatabase } from '../import/database-cache';
import { StandardsStore } from '../store/standards-store';
import { FrameworkLists } from './framework-search';
import { createMcpServer } from './mcp-server';

// stdout carries the protocol: any stray line there would break it.
console.log = (...args: unknown[]) => console.error(...args);

async function main() {
  const config = loadConfig();
  let store: StandardsStore | undefined;
  if (!config.proxy) {
    const { path } = await ensureDatabase(config.dataDirs, config.cacheDir, (m) => console.error(`  import: ${m}`));
    store = new StandardsStore(path);
  }
  const app = createApp({ store, proxy: config.proxy, cursorKey: config.cursorKey, logError: (id, e) => console.error(id, e) });
  const server = createMcpServer((path) => Promise.resolve(app.request(`${API_BASE}${path}`)), config.proxy ? new FrameworkLists() : null);
  await server.connect(new StdioServerTransport());
  console.error(
    `Standards Explorer tool server on stdio (${config.proxy ? 'the hosted service' : `data: ${config.dataDirs.join(', ')}`}).`,
  );
}

main().catch((e: unknown) => {
  console.error(`The tool server could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
