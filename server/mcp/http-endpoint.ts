/**
 * `/mcp`: the tool server over Streamable HTTP, stateless (a new server and transport per
 * request, JSON answers, no session), under the REST API's key rules (`x-api-key` or
 * `Authorization: Bearer`) and the MCP specification's Origin check against DNS
 * rebinding: a browser page of another site gets 403.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Context } from 'hono';
import { keyChecker } from '../api/auth';
import { ToolCallCache } from './call-cache';
import { FrameworkLists } from './framework-search';
import { createMcpServer } from './mcp-server';

export interface McpEndpointOptions {
  apiKeys: readonly string[];
  /** Reads the REST API in process, with the caller's key. */
  callApi: (pathAndQuery: string, apiKey: string | null, post?: { body: string }) => Promise<Response>;
  /**
   * The local data, which cannot change under the app: repeated calls are answered from
   * memory. Otherwise the hosted service's (proxy mode), searched through the contract.
   */
  local: boolean;
}

const rpcError = (status: number, code: number, message: string) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });

/** Names only this machine answers to: a page of such an origin is one it serves itself. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * No Origin at all (a desktop assistant, an editor, a script), or a page this server
 * serves on this machine. An Origin that merely matches the Host is not enough: DNS
 * rebinding points another site's name at this server, and then the two agree
 * (`evil.example:8080` both), so the name must be one only this machine answers to.
 */
function originAllowed(c: Context): boolean {
  const origin = c.req.header('origin');
  if (!origin) return true;
  try {
    const page = new URL(origin);
    return page.host === c.req.header('host') && LOOPBACK.test(page.hostname);
  } catch {
    return false;
  }
}

function keyOf(c: Context): string | null {
  const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  return c.req.header('x-api-key') ?? bearer ?? null;
}

export function mcpEndpoint({ apiKeys, callApi, local }: McpEndpointOptions) {
  const cache = local ? new ToolCallCache() : null;
  const lists = local ? null : new FrameworkLists();
  const accepts = keyChecker(apiKeys);
  return async (c: Context): Promise<Response> => {
    // Stateless: no stream to open (GET) and no session to end (DELETE). 405 tells a client
    // not to try again, where an empty event stream would have it reconnect.
    if (c.req.method !== 'POST') {
      const refused = rpcError(405, -32000, 'Method not allowed: this tool server is stateless; send each request as a POST.');
      refused.headers.set('allow', 'POST');
      return refused;
    }
    if (!originAllowed(c)) return rpcError(403, -32000, 'Forbidden: this Origin may not call the tool server (DNS rebinding protection).');
    const key = keyOf(c);
    if (apiKeys.length && (!key || !accepts(key)))
      return rpcError(401, -32001, 'Unauthorized: send one of the server’s API keys in x-api-key or Authorization: Bearer.');
    const call = cache ? await cache.callOf(c.req.raw, key) : null;
    const kept = call && cache!.answer(call);
    if (kept) return kept;
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    const server = createMcpServer((path, post) => callApi(path, key, post), lists);
    await server.connect(transport);
    try {
      const response = await transport.handleRequest(c.req.raw);
      return call ? await cache!.keep(call, response) : response;
    } finally {
      // Stateless: nothing outlives the request (the JSON answer is complete by now).
      void server.close();
    }
  };
}
