// Starts a worker thread on a TypeScript module (under `npm start`, which runs through
// tsx) or a JavaScript one. Loaders given with --import do not reach worker threads, so
// the thread registers tsx itself before loading its module.
import { workerData } from 'node:worker_threads';

const { entry } = workerData;
if (entry.endsWith('.ts')) (await import('tsx/esm/api')).register();
await import(entry);
