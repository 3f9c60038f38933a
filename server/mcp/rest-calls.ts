/**
 * The tool server reads the data through the REST API itself (the app's own `fetch`, in
 * process): the same answers, order, attribution and key rules, whether the API serves
 * the local data or forwards to the hosted service (proxy mode).
 */
export type CallApi = (pathAndQuery: string, post?: { body: string }) => Promise<Response>;

/** A failure a model can act on: said as a tool error (`isError`), never thrown to the client. */
export class ToolInputError extends Error {}

export async function getJson<T>(call: CallApi, pathAndQuery: string, post?: { body: string }): Promise<T> {
  const response = await call(pathAndQuery, post);
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) {
    if (response.status === 404) throw new ToolInputError(body?.message ?? 'Not found.');
    if (response.status === 400 || response.status === 422) throw new ToolInputError(body?.message ?? 'The arguments were not accepted.');
    if (response.status === 503) {
      // The API's own "Try again in 3 seconds" is said to a model as what to do with the tool.
      const said = (body?.message ?? 'The data is being prepared.').replace(/\s*Try again in \d+ seconds?\.$/, '');
      throw new ToolInputError(`${said} Call the tool again in a few seconds.`);
    }
    throw new Error(body?.message ?? `The standards API answered ${response.status}.`);
  }
  return body as T;
}

export const query = (params: Record<string, string | number | readonly string[] | undefined | null>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    for (const one of Array.isArray(v) ? v : [v]) search.append(k, String(one));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
};
