/**
 * Repeated tool calls answered from memory. The data never changes under a running
 * database (a data update makes a new app, and with it a new cache), so the same tool
 * with the same arguments and key gives the same result: once the SDK has made it, a
 * repeated well-formed `tools/call` gets it back wrapped in the caller's JSON-RPC id,
 * without building a server for it. Only successful results are kept; anything unusual
 * (a batch, a notification, other headers or methods) goes the SDK's whole way.
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { ResponseCache } from '../api/response-cache';

interface Call {
  id: string | number;
  key: string;
}

/** Keys sorted at every level, so {a,b} and {b,a} are one call. */
const stable = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(stable).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

export class ToolCallCache {
  private readonly results = new ResponseCache<string>(16 * 2 ** 20, (s) => s.length);

  /** The call a request makes, when it is one this cache may answer. */
  async callOf(request: Request, apiKey: string | null): Promise<Call | null> {
    const version = request.headers.get('mcp-protocol-version');
    if (request.method !== 'POST' || (version && !SUPPORTED_PROTOCOL_VERSIONS.includes(version))) return null;
    if (!(request.headers.get('accept') ?? '').includes('application/json')) return null;
    if (!(request.headers.get('content-type') ?? '').includes('application/json')) return null;
    let body: unknown;
    try {
      body = await request.clone().json();
    } catch {
      return null;
    }
    const m = body as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: { name?: unknown; arguments?: unknown } };
    if (m?.jsonrpc !== '2.0' || m.method !== 'tools/call' || typeof m.params?.name !== 'string') return null;
    if (typeof m.id !== 'string' && typeof m.id !== 'number') return null;
    return { id: m.id, key: `${apiKey ?? ''}\u0000${m.params.name}\u0000${stable(m.params.arguments ?? {})}` };
  }

  /** The kept answer for this call, in the caller's id, or null. */
  answer(call: Call): Response | null {
    const result = this.results.get(call.key);
    if (result === undefined) return null;
    return new Response(`{"result":${result},"jsonrpc":"2.0","id":${JSON.stringify(call.id)}}`, {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }

  /** Keeps a successful result the SDK made for this call; returns the response to send. */
  async keep(call: Call, response: Response): Promise<Response> {
    if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('application/json')) return response;
    const text = await response.text();
    try {
      const parsed = JSON.parse(text) as { result?: { isError?: boolean } };
      if (parsed.result && !parsed.result.isError) this.results.set(call.key, JSON.stringify(parsed.result));
    } catch {
      // not ours to keep
    }
    return new Response(text, { status: response.status, headers: response.headers });
  }
}
