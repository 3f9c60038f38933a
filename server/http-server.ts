/**
 * Starts a Node HTTP server for a fetch handler. Requests Node rejects before they
 * reach the app (oversized headers or URL, malformed HTTP) still get a contract-shaped
 * JSON error instead of an empty answer.
 */
import { serve } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface StartOptions {
  hostname: string;
  port: number;
}

export function startServer(fetch: (req: Request) => Response | Promise<Response>, { hostname, port }: StartOptions): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname, port }, () => resolve(server as Server)) as Server;
    server.once('error', reject);
    server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
      if (!socket.writable) return socket.destroy();
      const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
      const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
      const requestId = randomUUID();
      const body = JSON.stringify({
        error: 'ValidationError',
        message: tooLarge ? 'The request URL or headers are too large (over 16 KB). Shorten the query.' : 'The request is not valid HTTP.',
        requestId,
      });
      socket.end(
        `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
  });
}
