/**
 * Real servers for the scale-out test: instances of the app as `npm start` runs them
 * (separate processes, their own ports) and Debian's nginx with the project's own
 * deploy/standards-explorer.nginx.conf, on free ports, in a temporary folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { PROJECT_ROOT } from '../config';

export const NGINX_CONF = join(PROJECT_ROOT, 'deploy', 'standards-explorer.nginx.conf');
/** The same proxy for instances on several machines, the LTI tool's state in PostgreSQL. */
export const MULTI_MACHINE_NGINX_CONF = join(PROJECT_ROOT, 'deploy', 'standards-explorer.multi-machine.nginx.conf');

/** Debian's nginx, where it is installed (`.ci/run` installs it). */
export function nginxBinary(): string | null {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx'])
    if (candidate && existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  return found || null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A folder for one test's servers, writable by nginx's workers (which may run as another user). */
export function workFolder(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `standards-${name}-`));
  chmodSync(dir, 0o777);
  return dir;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > end) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export interface Running {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

function track(child: ChildProcess, url: string): Running {
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    process: child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** One instance of the app, as `npm start` runs it, answering when its data is ready. */
export async function startInstance(env: Record<string, string>): Promise<Running & { port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'server', 'main.ts')], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      STANDARDS_API_KEYS: '',
      LC_API_KEY: '',
      STANDARDS_SEARCH_THREADS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = track(child, `http://127.0.0.1:${port}`);
  await until(`The instance on port ${port}`, async () => (await fetch(`${running.url}/healthz`)).ok);
  return { ...running, port };
}

/** nginx with the project's configuration in front of `instances`, on a free port. */
export async function startNginx(
  dir: string,
  instances: readonly string[],
  /** Where to log each request's cache status, one per line (the bench counts hits from it). */
  cacheLog?: string,
  /** Another of deploy/'s templates, and a port chosen beforehand (when the instances must know the public address). */
  { conf = NGINX_CONF, port: chosenPort }: { conf?: string; port?: number } = {},
): Promise<Running & { cacheDir: string }> {
  const port = chosenPort ?? (await freePort());
  const cacheDir = join(dir, 'cache');
  for (const d of ['cache', 'temp', 'logs']) mkdirSync(join(dir, d), { recursive: true, mode: 0o777 });
  for (const d of ['cache', 'temp', 'logs']) chmodSync(join(dir, d), 0o777);
  const site = readFileSync(conf, 'utf8')
    .replaceAll('{{cache_dir}}', cacheDir)
    .replaceAll('{{listen}}', `127.0.0.1:${port}`)
    .replaceAll(
      '{{instances}}',
      instances.map((i) => `server ${i.replace(/^https?:\/\//, '')} max_fails=1 fail_timeout=5s;`).join('\n    '),
    );
  writeFileSync(join(dir, 'site.conf'), site);
  // The top-level file a distribution's nginx.conf would be, made for a process of our own.
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `error_log ${join(dir, 'logs', 'error.log')} warn;`,
      `pid ${join(dir, 'nginx.pid')};`,
      'events { worker_connections 512; }',
      'http {',
      // nginx closes a client connection after 1,000 requests by default. A load generator
      // writes its next request before it reads that "Connection: close", and the kernel
      // resets it: about one request in 100,000 of the bench failed so. Browsers retry on
      // such a close; here the connections are kept for the run instead.
      '  keepalive_requests 1000000;',
      ...(cacheLog
        ? [`  log_format cache_status '$upstream_cache_status';`, `  access_log ${cacheLog} cache_status;`]
        : ['  access_log off;']),
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, 'temp', t)};`),
      `  include ${join(dir, 'site.conf')};`,
      '}',
    ].join('\n'),
  );
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed');
  const child = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const running = track(child, `http://127.0.0.1:${port}`);
  await until('nginx', async () => (await fetch(`${running.url}/healthz`)).status > 0, 20_000);
  return { ...running, cacheDir, stop: (signal = 'SIGQUIT') => running.stop(signal) };
}

export const realDataEnv = (dataDirs: readonly string[]) => ({ STANDARDS_DATA: dataDirs.join(delimiter) });

export const removeFolder = (dir: string) => rmSync(dir, { recursive: true, force: true });
