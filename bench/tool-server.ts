/**
 * The tool server over HTTP beside the REST requests an assistant would make without it,
 * side by side in one run, 10 concurrent clients: find_standard_statement by code (REST:
 * the code search, then the item) and search_standards by words (REST: the framework
 * search the app uses).
 */
import autocannon from 'autocannon';
import { figure, type Figure } from './report';

const CC_MATH = 'c6496676-d7cb-11e8-824f-0242ac160002';
const CA_MATH = 'c6487102-d7cb-11e8-824f-0242ac160002';

const toolCall = (name: string, args: Record<string, unknown>) => ({
  method: 'POST' as const,
  path: '/mcp',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
});

async function p(base: string, requests: autocannon.Request[]) {
  const r = await autocannon({ url: base, requests, connections: 10, duration: 3 });
  if (r.errors || r.non2xx) throw new Error(`${base}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
  // A sequence of REST requests is one "call": its latency is the sum of its steps' medians.
  return { p50: r.latency.p50 * requests.length, p99: r.latency.p99 * requests.length, rps: r.requests.average / requests.length };
}

export async function toolServerFigures(base: string, runs = 5): Promise<Figure[]> {
  const cases = {
    'find_standard_statement by code': {
      tool: [toolCall('find_standard_statement', { code: '3.NF.A.1', jurisdiction: 'Multi-State' })],
      rest: [
        { method: 'GET' as const, path: '/api/v0/academic-standards/search?statementCode=3.NF.A.1&jurisdiction=Multi-State' },
        { method: 'GET' as const, path: '/api/v0/academic-standards/6b9bf846-d7cc-11e8-824f-0242ac160002' },
      ],
    },
    'search_standards by words': {
      tool: [toolCall('search_standards', { query: 'unit fractions', standardsFrameworkCaseIdentifierUUID: CA_MATH, limit: 10 })],
      rest: [{ method: 'GET' as const, path: `/api/v0/standards-frameworks/${CA_MATH}/search?query=unit%20fractions&limit=10` }],
    },
  };
  void CC_MATH;
  const figures: Figure[] = [];
  for (const [name, { tool, rest }] of Object.entries(cases)) {
    await p(base, tool); // warm-up
    await p(base, rest);
    const ratio50: number[] = [];
    const ratio99: number[] = [];
    const tool50: number[] = [];
    const tool99: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = await p(base, tool);
      const r = await p(base, rest);
      tool50.push(t.p50);
      tool99.push(t.p99);
      // Whole milliseconds: a 0 ms REST side counts as 1 ms.
      ratio50.push(t.p50 / Math.max(1, r.p50));
      ratio99.push(t.p99 / Math.max(1, r.p99));
    }
    figures.push(
      figure(`tool server: ${name}, p50 / REST`, ratio50, 'ratio'),
      figure(`tool server: ${name}, p99 / REST`, ratio99, 'ratio'),
      figure(`tool server: ${name}, p50`, tool50, 'ms'),
      figure(`tool server: ${name}, p99`, tool99, 'ms'),
    );
  }
  return figures;
}
