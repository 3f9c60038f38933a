/**
 * A worker thread that plays one instance on a shared SQLite LTI store: at the signal, it
 * tries to take every login and accept every nonce it is given, and reports which it won.
 * Threads give real concurrency (each has its own connection and runs in parallel), which
 * store objects in one thread, whose calls are synchronous, cannot.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteLtiStore } from '../lti/sqlite-lti-store';

const { file, states, start } = workerData as { file: string; states: string[]; start: SharedArrayBuffer };
const store = new SqliteLtiStore(file);
const signal = new Int32Array(start);
parentPort!.postMessage({ ready: true });
Atomics.wait(signal, 0, 0);
const logins: string[] = [];
const nonces: string[] = [];
for (const state of states) {
  if (await store.takeLogin(state)) logins.push(state);
  if (await store.acceptLaunch('https://lms.example.edu', `nonce-${state}`, null)) nonces.push(state);
}
await store.close();
parentPort!.postMessage({ logins, nonces });
