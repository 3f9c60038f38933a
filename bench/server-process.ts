/** Starts `server/main.ts` as its own process (as `npm start` does) and waits until it serves. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RunningServer {
  base: string;
  pid: number;
  child: ChildProcess;
  /** Milliseconds from spawn to the first good /healthz. */
  readyMs: number;
  /** Everything the server printed so far. */
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

const ROOT = join(import.meta.dirname, '..');

/** Servers still running when the bench ends, even by an error: none outlives it. */
const running = new Set<ChildProcess>();
process.on('exit', () => running.forEach((c) => c.kill('SIGKILL')));

export async function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  // A server left from an earlier run would answer in this one's place.
  const answering = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  );
  if (answering) throw new Error(`Port ${port} already answers: stop the server an earlier run left there, then run the bench again.`);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), STANDARDS_API_KEYS: '', LC_API_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = performance.now() - started;
  return {
    base,
    pid: child.pid!,
    child,
    readyMs,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

/** Resident memory of a process, from /proc (Linux). */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
