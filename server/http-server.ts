/**
 * Starts a Node HTTP server for a fetch handler. Requests Node rejects before they
 * reach the app (oversized headers or URL, malformed HTTP) still get a contract-shaped
 * JSON error instead of an empty answer.
 */
import { getRequestListener } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface StartOptions {
  hostname: string;
  port: number;
  /** Answers a request from memory and returns true, or returns false to pass it to `fetch` (ready-answers.ts). */
  ready?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

export function startServer(
  fetch: (req: Request) => Response | Promise<Response>,
  { hostname, port, ready = () => false }: StartOptions,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const app = getRequestListener(fetch);
    const server = createServer((req, res) => {
      if (!ready(req, res)) void app(req, res);
    });
    server.once('error', reject);
    server.listen(port, hostname, () => resolve(server));
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
