/**
 * The tool server over HTTP beside the REST requests an assistant would make without it,
 * side by side in one run, 10 concurrent clients: find_standard_statement by code (REST:
 * the code search, then the item) and search_standards by words (REST: the framework
 * search the app uses). Both sides are asked by the same client code, in turns.
 */
import { figure, percentile, type Figure } from './report';

const CA_MATH = 'c6487102-d7cb-11e8-824f-0242ac160002';

const toolCall = (name: string, args: Record<string, unknown>): Step => ({
  method: 'POST',
  path: '/mcp',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
});

type Step = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

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

/** One tool call, its time and its answer's size; a tool error fails the bench. */
async function callOnce(base: string, name: string, args: Record<string, unknown>) {
  const step = toolCall(name, args);
  const t = performance.now();
  const r = await fetch(base + step.path, { method: step.method, headers: step.headers, body: step.body });
  const text = await r.text();
  const ms = performance.now() - t;
  const answer = JSON.parse(text) as { result?: { isError?: boolean; content?: Array<{ text: string }> }; error?: unknown };
  if (!r.ok || !answer.result || answer.result.isError)
    throw new Error(`${name} ${JSON.stringify(args)}: ${r.status} ${answer.result?.content?.[0]?.text ?? JSON.stringify(answer.error)}`);
  return { ms, bytes: Buffer.byteLength(text) };
}

/**
 * At the full export's size: each tool on arguments of its own every run (so no answer
 * comes from memory), its time and the size of its answer. Bounded answers: never a
 * whole framework, whatever the data's size.
 */
export async function toolServerAtScale(
  base: string,
  largest: { id: string; items: Array<Record<string, unknown>> },
  runs = 5,
): Promise<Figure[]> {
  const items = largest.items as Array<{
    caseIdentifierUUID: string;
    statementCode: string | null;
    hasChildren: boolean;
    jurisdiction: string;
  }>;
  const codes = [
    ...new Set(items.map((i) => i.statementCode?.split('.').slice(0, 3).join('.')).filter((c) => c && c.split('.').length === 3)),
  ];
  const parents = items.filter((i) => i.hasChildren);
  const words = ['fractions', 'number line', 'explain', 'measure', 'ratio', 'volume', 'compare', 'data'];
  const calls: Record<string, (run: number) => [string, Record<string, unknown>]> = {
    list_frameworks: (run) => ['list_frameworks', { limit: 50 - run }],
    'find_standard_statement by code prefix': (run) => [
      'find_standard_statement',
      { code: codes[run * 7]!, jurisdiction: items[0]!.jurisdiction },
    ],
    'find_standard_statement by keywords': (run) => ['find_standard_statement', { keywords: [words[run]!, 'students'] }],
    'search_standards, largest framework': (run) => [
      'search_standards',
      { query: words[run]!, standardsFrameworkCaseIdentifierUUID: largest.id },
    ],
    'search_standards by words, whole export': (run) => ['search_standards', { query: `${words[run]!} model`, limit: 50 }],
    'search_standards by code, whole export': (run) => ['search_standards', { query: codes[run * 5 + 3]! }],
    get_standard: (run) => ['get_standard', { caseIdentifierUUID: parents[run * 11]!.caseIdentifierUUID }],
    'list_children of the framework': (run) => ['list_children', { caseIdentifierUUID: largest.id, limit: 100 - run }],
  };
  const figures: Figure[] = [];
  let largestAnswer = 0;
  for (const [label, args] of Object.entries(calls)) {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const [name, a] = args(run);
      const { ms, bytes } = await callOnce(base, name, a);
      times.push(ms);
      largestAnswer = Math.max(largestAnswer, bytes);
    }
    figures.push(figure(`scale: tool server, ${label}, one call`, times, 'ms'));
  }
  figures.push(figure('scale: tool server, largest answer', [largestAnswer / 1024], 'KB', `of ${Object.keys(calls).length} tools`));
  return figures;
}
