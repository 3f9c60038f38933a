/**
 * Throughput and latency of the local API with autocannon (10 connections), each case
 * repeated; beside them a bare Node HTTP server that answers the same bytes from memory,
 * the ceiling our list page is compared with.
 */
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { figure, type Figure } from './report';

export interface LoadCase {
  name: string;
  path: string;
}

export interface LoadResult {
  rps: number[];
  p50: number[];
  p99: number[];
}

export async function load(url: string, { runs = 5, seconds = 3, connections = 10 } = {}): Promise<LoadResult> {
  const out: LoadResult = { rps: [], p50: [], p99: [] };
  await autocannon({ url, connections, duration: 1 }); // warm-up (JIT, caches), not counted
  for (let i = 0; i < runs; i++) {
    const r = await autocannon({ url, connections, duration: seconds });
    if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
    out.rps.push(r.requests.average);
    out.p50.push(r.latency.p50);
    out.p99.push(r.latency.p99);
  }
  return out;
}

export function loadFigures(prefix: string, name: string, r: LoadResult): Figure[] {
  return [
    figure(`${prefix}: ${name} req/s`, r.rps, 'req/s'),
    figure(`${prefix}: ${name} p50`, r.p50, 'ms'),
    figure(`${prefix}: ${name} p99`, r.p99, 'ms'),
  ];
}

/** A bare server with the same response bytes (and content type) as `url`, from memory. */
export async function baselineFor(url: string): Promise<{ url: string; close: () => void }> {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}
