/** A worker thread on one of the server's modules, TypeScript or built. */
import { Worker } from 'node:worker_threads';

export function startThread(moduleUrl: URL, data: object): Worker {
  return new Worker(new URL('./thread-entry.mjs', import.meta.url), { workerData: { ...data, entry: moduleUrl.href } });
}

/** The URL of a sibling module of `base`, with the same extension as `base`. */
export const siblingModule = (name: string, base: string) => new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);
