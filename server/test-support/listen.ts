import type { AddressInfo } from 'node:net';
import { startServer, type StartOptions } from '../http-server';

/** Serves a fetch handler on a random loopback port; returns its base URL and a closer. */
export async function listen(fetch: (req: Request) => Response | Promise<Response>, ready?: StartOptions['ready']) {
  const server = await startServer(fetch, { hostname: '127.0.0.1', port: 0, ready });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
