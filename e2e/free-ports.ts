/**
 * Two consecutive free loopback ports for the end-to-end servers, found before Playwright
 * starts them, so a run never meets (and never tests) a server it did not start.
 */
import { execFileSync } from 'node:child_process';

// Synchronous because Playwright reads its config synchronously; a child process asks the
// kernel for a free port, then checks that the next one is free too.
const FIND_PAIR = `
const net = require('node:net');
const free = (port) => new Promise((ok) => {
  const s = net.createServer().once('error', () => ok(0)).listen(port, '127.0.0.1', () => {
    const p = s.address().port; s.close(() => ok(p));
  });
});
(async () => {
  for (let i = 0; i < 50; i++) {
    const a = await free(0);
    if (a && a < 65535 && (await free(a + 1)) && (await free(a + 1))) { process.stdout.write(String(a)); return; }
  }
  process.exit(1);
})();`;

export function freePortPair(): number {
  return Number(execFileSync(process.execPath, ['-e', FIND_PAIR], { encoding: 'utf8' }));
}
