/**
 * The one way the app talks to a Standards API: builds URLs from params (never by
 * hand), sends the key only in `x-api-key`, and parses every answer with its schema.
 * No UI side effects here: callers decide what an error looks like.
 */
import type * as z from 'zod/mini';
import { apiErrorBodySchema } from '../../contract/schemas';

export interface ApiSource {
  /** e.g. `/api/v0` (same origin, the default) or a full URL of another deployment. */
  baseUrl: string;
  apiKey?: string;
}

export const DEFAULT_SOURCE: ApiSource = { baseUrl: '/api/v0' };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly requestId: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

export function buildUrl(source: ApiSource, path: string, params: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, v);
    else search.set(key, String(value));
  }
  const query = search.toString();
  return `${source.baseUrl.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}

export interface Fetched<T> {
  data: T;
  /** Size of the response body, for download progress. */
  bytes: number;
}

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** A JSON body, sent with POST (the local API's alignment extension); GET without one. */
  body?: unknown;
}

/** GET (or POST with a body), parse, validate: the typed value and the body's size, or an ApiError. */
export async function fetchJson<T extends z.ZodMiniType>(
  source: ApiSource,
  path: string,
  schema: T,
  options: RequestOptions = {},
): Promise<Fetched<z.infer<T>>> {
  const url = buildUrl(source, path, options.params);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (source.apiKey) headers['x-api-key'] = source.apiKey;
  const post = options.body !== undefined;
  if (post) headers['content-type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { headers, signal: options.signal, ...(post && { method: 'POST', body: JSON.stringify(options.body) }) });
    text = await response.text();
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NetworkError', 'The standards service could not be reached. Check your connection and try again.', null);
  }
  const requestId = response.headers.get('x-request-id');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(
      response.status,
      'InvalidResponse',
      `The standards service answered ${response.status} with something that is not JSON.`,
      requestId,
    );
  }
  if (!response.ok) {
    const parsed = apiErrorBodySchema.safeParse(body);
    if (parsed.success) throw new ApiError(response.status, parsed.data.error, parsed.data.message, parsed.data.requestId);
    throw new ApiError(response.status, 'HttpError', `The standards service answered ${response.status}.`, requestId);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'InvalidResponse',
      'The standards service answered in an unexpected shape, so it was not shown.',
      requestId,
    );
  }
  return { data: parsed.data, bytes: new TextEncoder().encode(text).length };
}

export async function getJson<T extends z.ZodMiniType>(
  source: ApiSource,
  path: string,
  schema: T,
  options: RequestOptions = {},
): Promise<z.infer<T>> {
  return (await fetchJson(source, path, schema, options)).data;
}

/** The request could not reach the service (offline, DNS, refused). */
export const isNetworkError = (e: unknown) => e instanceof ApiError && e.status === 0 && e.error === 'NetworkError';

/** Thrown where neither the network nor saved data can answer. */
export function notAvailableOffline() {
  return new ApiError(0, 'NotAvailableOffline', 'Not available offline. It will load when the network is back.', null);
}

/** An answer the network could not give and nothing saved on this device holds. */
export const isNotSavedError = (e: unknown) => e instanceof ApiError && e.error === 'NotAvailableOffline';
