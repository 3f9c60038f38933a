/**
 * The servers the local API is compared with, each in its own process as the API is
 * (sharing the bench's process would slow them by autocannon's own work):
 * `ceiling <url>` answers the bytes `url` answers, from memory; `naive <dataDir>` is the
 * naive in-memory peer. Prints `listening <base>` when ready.
 */
import { spawn } from 'node:child_process';
import { baselineFor } from './api-load';
import { startNaivePeer } from './naive-peer';

export interface PeerProcess {
  base: string;
  stop: () => void;
}

/** Starts one of the servers in a child process and waits until it listens. */
export function startPeer(mode: 'ceiling' | 'naive', arg: string): Promise<PeerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, mode, arg], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening (\S+)/.exec(out);
      if (m) resolve({ base: m[1]!, stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

if (process.argv[1] === import.meta.filename) {
  const [mode, arg] = process.argv.slice(2);
  const server = mode === 'ceiling' ? await baselineFor(arg!) : await startNaivePeer(arg!);
  console.log(`listening ${'url' in server ? server.url.replace(/\/$/, '') : server.base}`);
}
