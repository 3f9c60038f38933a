/**
 * Soak (mixed load, bounded), graceful shutdown under load, and restart on the same database.
 */
import autocannon from 'autocannon';
import { figure, type Figure } from './report';
import { rssMb, startServer, type RunningServer } from './server-process';

export async function soak(server: RunningServer, paths: string[], seconds = 60): Promise<Figure[]> {
  const load = (duration: number) =>
    autocannon({ url: server.base, connections: 20, duration, requests: paths.map((path) => ({ method: 'GET', path })) });
  // Warmed up first: a fresh server grows some 60 MB in its first seconds of load (compiled
  // code, caches filling to their bounds), then stays flat. Growth after that is a leak.
  await load(10);
  const start = rssMb(server.pid);
  const r = await load(seconds);
  const end = rssMb(server.pid);
  const errors = r.errors + r.timeouts + r.non2xx;
  return [
    figure(
      'soak: errors in 60 s at 20 connections',
      [errors],
      'count',
      `${Math.round(r.requests.total)} requests, ${Math.round(r.requests.average)} req/s`,
    ),
    figure('soak: RSS growth start → end', [end - start], 'MB', `${Math.round(start)} → ${Math.round(end)} MB`),
  ];
}

/**
 * SIGTERM while requests are in flight: every request the server had started must
 * complete (requests that arrive after it stopped listening are refused, as they should
 * be), and the process must exit 0.
 */
export async function shutdownUnderLoad(
  server: RunningServer,
  path: string,
): Promise<{ open: number; completed: number; lost: number; exitCode: number | null }> {
  // Distinct URLs, so no answer comes from the response cache: each really takes time.
  const inflight = Array.from({ length: 40 }, (_, i) =>
    fetch(`${server.base}${path}&shutdown-probe=${i}`).then(
      (r) => (r.ok ? r.arrayBuffer().then(() => true) : false),
      () => false,
    ),
  );
  await new Promise((r) => setTimeout(r, 20));
  const exit = server.stop('SIGTERM');
  const results = await Promise.all(inflight);
  const exitCode = await exit;
  const open = Number(/SIGTERM: finishing (\d+) open requests/.exec(server.output())?.[1] ?? NaN);
  const completed = results.filter(Boolean).length;
  return { open, completed, lost: Number.isNaN(open) ? 40 : Math.max(0, open - completed), exitCode };
}

export async function restartTimes(env: Record<string, string>, port: number, runs = 5): Promise<Figure> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startServer(env, port);
    times.push(server.readyMs);
    await server.stop();
  }
  return figure(
    'restart: time to serve again on the same database',
    times,
    'ms',
    'spawn → first good /healthz, app built and data imported already',
  );
}
