/**
 * Throughput and latency with autocannon (10 connections). Servers compared with each
 * other are measured side by side: their runs interleaved, a ratio taken per round, so a
 * busy moment of the machine weighs on both sides of each ratio alike.
 */
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { figure, type Figure } from './report';

export interface LoadResult {
  rps: number[];
  p50: number[];
  p99: number[];
}

export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

/**
 * Each target measured `runs` times, round after round (one run of each target per round).
 * A second per run is thousands of requests here; five interleaved rounds steady the ratios
 * more than longer runs would, and the whole bench stays within its 20 minutes.
 */
export async function sideBySide(targets: Target[], { runs = 5, seconds = 1, connections = 10 } = {}): Promise<Record<string, LoadResult>> {
  const out: Record<string, LoadResult> = {};
  for (const t of targets) {
    await autocannon({ url: t.url, headers: t.headers, connections, duration: 1 }); // warm-up, not counted
    out[t.name] = { rps: [], p50: [], p99: [] };
  }
  for (let i = 0; i < runs; i++) {
    for (const t of targets) {
      const r = await autocannon({ url: t.url, headers: t.headers, connections, duration: seconds });
      if (r.errors || r.non2xx) throw new Error(`${t.name} ${t.url}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
      out[t.name]!.rps.push(r.requests.average);
      out[t.name]!.p50.push(r.latency.p50);
      out[t.name]!.p99.push(r.latency.p99);
    }
  }
  return out;
}

/** Throughput of `a` over `b`, round by round. */
export const throughputRatios = (a: LoadResult, b: LoadResult) => a.rps.map((x, i) => x / b.rps[i]!);

export function loadFigures(prefix: string, name: string, r: LoadResult): Figure[] {
  return [
    figure(`${prefix}: ${name} req/s`, r.rps, 'req/s'),
    figure(`${prefix}: ${name} p50`, r.p50, 'ms'),
    figure(`${prefix}: ${name} p99`, r.p99, 'ms'),
  ];
}

/** The bare-bytes ceiling: a plain server answering the same bytes (and content type) as `url`, from memory. */
export async function baselineFor(url: string): Promise<{ url: string; close: () => void }> {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}
