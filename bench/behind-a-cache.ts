/**
 * Many course pages opening the picker, behind nginx (deploy/standards-explorer.nginx.conf)
 * in front of two instances, and against one instance direct, side by side in one run:
 * the cache's hit ratio, and the app's CPU time per 1,000 requests (CPU time, not
 * throughput: on two cores the load generator itself saturates, so req/s ratios are
 * noise). Throughput and p99 are printed beside them, through the cache, through nginx
 * without it, and direct.
 */
import autocannon from 'autocannon';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { figure, type Figure } from './report';
import { nginxBinary, realDataEnv, removeFolder, startInstance, startNginx, workFolder } from '../server/test-support/scale-out';

/** utime + stime of a process, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** What an LMS's course pages ask again and again: the frameworks, a framework's top, its first pages, a few items. */
async function lmsRequests(base: string, framework: string) {
  const top = (await (await fetch(`${base}/api/v0/academic-standards/${framework}/children?limit=1000`)).json()) as {
    data: Array<{ caseIdentifierUUID: string }>;
  };
  const list = (await (
    await fetch(`${base}/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${framework}&limit=100`)
  ).json()) as {
    data: Array<{ caseIdentifierUUID: string }>;
  };
  return [
    '/api/v0/standards-frameworks?limit=1000',
    `/api/v0/academic-standards/${framework}/children?limit=1000`,
    ...top.data.slice(0, 3).map((c) => `/api/v0/academic-standards/${c.caseIdentifierUUID}/children?limit=1000`),
    `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${framework}&limit=100`,
    ...list.data.slice(0, 14).map((i) => `/api/v0/academic-standards/${i.caseIdentifierUUID}`),
  ].map((path) => ({ path, method: 'GET' as const, headers: { 'accept-encoding': 'br, gzip' } }));
}

async function load(base: string, requests: Awaited<ReturnType<typeof lmsRequests>>, headers: Record<string, string> = {}) {
  const r = await autocannon({
    url: base,
    requests: requests.map((q) => ({ ...q, headers: { ...q.headers, ...headers } })),
    connections: 10,
    duration: 3,
  });
  if (r.errors || r.non2xx) throw new Error(`${base}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
  return r;
}

export async function behindACacheFigures(dataDirs: readonly string[], framework: string, runs = 5): Promise<Figure[]> {
  if (!nginxBinary()) {
    console.log('  nginx is not installed: the cache figures are not measured (apt-get install nginx)');
    return [
      figure('cache: hit ratio, LMS-like workload', [Number.NaN], '%'),
      figure('cache: app CPU per 1,000 requests, behind the cache vs direct', [Number.NaN], '%'),
    ];
  }
  const dir = workFolder('bench-cache');
  const env = { ...realDataEnv(dataDirs), STANDARDS_CACHE_DIR: join(dir, 'db') };
  const [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  const direct = await startInstance(env);
  const cacheLog = join(dir, 'cache-status.log');
  const nginx = await startNginx(join(dir, 'nginx'), [a.url, b.url], cacheLog);
  try {
    const requests = await lmsRequests(direct.url, framework);
    const hit: number[] = [];
    const cpuRatio: number[] = [];
    const out = {
      cached: { rps: [] as number[], p99: [] as number[] },
      uncached: { rps: [] as number[], p99: [] as number[] },
      direct: { rps: [] as number[], p99: [] as number[] },
    };
    const instancesCpu = () => cpuMs(a.process.pid!) + cpuMs(b.process.pid!);
    for (let i = 0; i < runs; i++) {
      writeFileSync(cacheLog, '');
      const before = instancesCpu();
      const cached = await load(nginx.url, requests);
      const behind = (instancesCpu() - before) / (cached.requests.total / 1000);
      const statuses = readFileSync(cacheLog, 'utf8').split('\n').filter(Boolean);
      hit.push((100 * statuses.filter((s) => s === 'HIT').length) / statuses.length);
      // Through nginx without its cache: a request with a key is never answered from it.
      const uncached = await load(nginx.url, requests, { 'x-api-key': 'bench' });
      const beforeDirect = cpuMs(direct.process.pid!);
      const straight = await load(direct.url, requests);
      const directCpu = (cpuMs(direct.process.pid!) - beforeDirect) / (straight.requests.total / 1000);
      cpuRatio.push((100 * behind) / directCpu);
      for (const [name, r] of [
        ['cached', cached],
        ['uncached', uncached],
        ['direct', straight],
      ] as const) {
        out[name].rps.push(r.requests.average);
        out[name].p99.push(r.latency.p99);
      }
      console.log(
        `  run ${i + 1}/${runs}: ${hit.at(-1)!.toFixed(1)} % hits, app CPU ${behind.toFixed(1)} vs ${directCpu.toFixed(1)} ms per 1,000`,
      );
    }
    return [
      figure('cache: hit ratio, LMS-like workload', hit, '%'),
      figure('cache: app CPU per 1,000 requests, behind the cache vs direct', cpuRatio, '%'),
      figure('cache: through the cache, req/s', out.cached.rps, 'req/s'),
      figure('cache: through the cache, p99', out.cached.p99, 'ms'),
      figure('cache: through nginx without its cache, req/s', out.uncached.rps, 'req/s'),
      figure('cache: through nginx without its cache, p99', out.uncached.p99, 'ms'),
      figure('cache: one instance direct, req/s', out.direct.rps, 'req/s'),
      figure('cache: one instance direct, p99', out.direct.p99, 'ms'),
    ];
  } finally {
    await Promise.all([a.stop(), b.stop(), direct.stop(), nginx.stop()]);
    removeFolder(dir);
  }
}
