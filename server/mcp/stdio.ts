/**
 * `npm run mcp`: the tool server over stdio, what a desktop assistant launches. It serves
 * the data as `npm start` does (the embedded default, or STANDARDS_DATA, or the hosted
 * service with LC_API_KEY) and speaks MCP on stdout; everything it says for a person goes
 * to stderr. It answers at once: a first import of a large export takes a while, an
 * assistant gives up on a server that does not answer. A tool called meanwhile waits for
 * the data (up to STANDARDS_TOOL_WAIT seconds), and only past that says it is being prepared.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { API_BASE, createApp } from '../app';
import { loadConfig } from '../config';
import { LiveData } from '../live-data';
import type { Searcher } from '../search/searcher';
import type { StandardsStore } from '../store/standards-store';
import { FrameworkLists } from './framework-search';
import { createMcpServer } from './mcp-server';

// stdout carries the protocol: any stray line there would break it.
console.log = (...args: unknown[]) => console.error(...args);

async function main() {
  const config = loadConfig();
  const appFor = (store?: StandardsStore, searcher?: Searcher, preparing?: () => { percent: number }) =>
    createApp({ store, searcher, preparing, proxy: config.proxy, cursorKey: config.cursorKey, logError: (id, e) => console.error(id, e) });
  const data = config.proxy ? null : new LiveData(config, appFor);
  const proxyApp = config.proxy ? appFor() : null;
  if (data) await data.openIfImported();
  const server = createMcpServer(
    async (path, post) => {
      if (data && !data.ready) await data.whenToolsCanAnswer();
      return (proxyApp ?? data!).fetch(
        new Request(
          `http://localhost${API_BASE}${path}`,
          post && { method: 'POST', headers: { 'content-type': 'application/json' }, body: post.body },
        ),
      );
    },
    config.proxy ? new FrameworkLists() : null,
  );
  await server.connect(new StdioServerTransport());
  console.error(
    `Standards Explorer tool server on stdio (${config.proxy ? 'the hosted service' : `data: ${config.dataDirs.join(', ')}`}).`,
  );
  if (data && !data.ready) await data.importAndSwap();
}

main().catch((e: unknown) => {
  console.error(`The tool server could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
