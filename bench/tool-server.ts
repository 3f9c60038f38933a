/**
 * The tool server over HTTP beside the REST requests an assistant would make without it,
 * side by side in one run, 10 concurrent clients: find_standard_statement by code (REST:
 * the code search, then the item) and search_standards by words (REST: the framework
 * search the app uses). Both sides are asked by the same client code, in turns.
 */
import { figure, type Figure } from './report';

const CC_MATH = 'c6496676-d7cb-11e8-824f-0242ac160002';
const CA_MATH = 'c6487102-d7cb-11e8-824f-0242ac160002';

const toolCall = (name: string, args: Record<string, unknown>): Step => ({
  method: 'POST',
  path: '/mcp',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
});

type Step = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/**
 * 10 clients, each making one call after another for `seconds`; a call is its steps in
 * order (an assistant without the tool server makes them one by one). Latencies are timed
 * here to the hundredth of a millisecond: autocannon's whole milliseconds would make a
 * 1 ms answer and a 1.9 ms one the same.
 */
async function p(base: string, steps: Step[], seconds = 3, clients = 10) {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        for (const step of steps) {
          const r = await fetch(base + step.path, { method: step.method, headers: step.headers, body: step.body });
          if (!r.ok) throw new Error(`${step.path}: ${r.status}`);
          await r.arrayBuffer();
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), rps: latencies.length / seconds };
}

export async function toolServerFigures(base: string, runs = 5): Promise<Figure[]> {
  const cases = {
    'find_standard_statement by code': {
      tool: [toolCall('find_standard_statement', { code: '3.NF.A.1', jurisdiction: 'Multi-State' })],
      rest: [
        { method: 'GET' as const, path: '/api/v0/academic-standards/search?statementCode=3.NF.A.1&jurisdiction=Multi-State' },
        { method: 'GET' as const, path: '/api/v0/academic-standards/6b9bf846-d7cc-11e8-824f-0242ac160002' },
      ] as Step[],
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
      ratio50.push(t.p50 / r.p50);
      ratio99.push(t.p99 / r.p99);
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
