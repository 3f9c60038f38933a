/**
 * An MCP client this project did not write: the MCP Inspector's command-line mode (from
 * npm, the last version that runs on Node 20), over stdio and over Streamable HTTP.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config';
import { DEFAULT_DATA, openApi, TEST_CACHE } from '../test-support/real-api';
import { listen } from '../test-support/listen';

const run = promisify(execFile);
const INSPECTOR = join(
  dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')),
  'build',
  'cli.js',
);
const inspect = async (args: string[]) => {
  const { stdout } = await run(process.execPath, [INSPECTOR, '--cli', ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, STANDARDS_CACHE_DIR: TEST_CACHE, LC_API_KEY: '', STANDARDS_API_KEYS: '' },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as any;
};
const STDIO = [process.execPath, '--import', 'tsx', join(PROJECT_ROOT, 'server', 'mcp', 'stdio.ts')];

describe('the MCP Inspector (command-line mode)', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen((await openApi([...DEFAULT_DATA])).app.fetch);
  });
  afterAll(() => server.close());

  it('lists the tools and calls two of them over stdio', async () => {
    const { tools } = await inspect([...STDIO, '--method', 'tools/list']);
    expect(tools.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['find_standard_statement', 'search_standards', 'get_standard']),
    );
    const found = await inspect([
      ...STDIO,
      '--method',
      'tools/call',
      '--tool-name',
      'find_standard_statement',
      '--tool-arg',
      'code=3.NF.A.1',
      '--tool-arg',
      'jurisdiction=Multi-State',
    ]);
    expect(found.structuredContent.standards[0].code).toBe('3.NF.A.1');
    const practices = await inspect([...STDIO, '--method', 'tools/call', '--tool-name', 'list_standards_for_mathematical_practice']);
    expect(practices.structuredContent.standards).toHaveLength(8);
  }, 120_000);

  it('calls a tool over Streamable HTTP', async () => {
    const r = await inspect([
      `${server.url}/mcp`,
      '--transport',
      'http',
      '--method',
      'tools/call',
      '--tool-name',
      'search_standards',
      '--tool-arg',
      'query=3.NF.A',
      '--tool-arg',
      'jurisdiction=California',
    ]);
    expect(r.structuredContent.results[0].statementCode).toBe('3.NF.A');
  }, 60_000);
});
