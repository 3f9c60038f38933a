import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { frameworkSchema, pageSchema } from '../../../contract/schemas';
import { DEFAULT_SOURCE, getJson } from '../../lib/api-client';
import { describeErrorLine } from '../../lib/describe-error';
import { checkBaseUrl, setApiSource, useApiSource } from '../../lib/api-source';
import { field, primaryButton } from '../../components/ui/classes';

/** Choose which Standards API the app reads; test it before saving. */
export function DataSourceForm() {
  const source = useApiSource();
  const client = useQueryClient();
  const [baseUrl, setBaseUrl] = useState(source.baseUrl);
  const [apiKey, setApiKey] = useState(source.apiKey ?? '');
  const [status, setStatus] = useState<{ ok: boolean; text: string; unsaved?: boolean } | null>(null);
  const urlError = checkBaseUrl(baseUrl);

  const target = () => ({ baseUrl: baseUrl.trim() || DEFAULT_SOURCE.baseUrl, apiKey: apiKey.trim() || undefined });

  /** Asks the service for one framework: true when it answers as a Standards API. */
  const check = async () => {
    setStatus({ ok: true, text: 'Checking…' });
    try {
      const page = await getJson(target(), '/standards-frameworks', pageSchema(frameworkSchema), { params: { limit: 1 } });
      setStatus({ ok: true, text: `Connected: the service answered with ${page.data.length ? 'frameworks' : 'no frameworks'}.` });
      return true;
    } catch (e) {
      setStatus({ ok: false, text: describeErrorLine(e, 'list of frameworks'), unsaved: true });
      return false;
    }
  };

  const commit = () => {
    setApiSource({ baseUrl: baseUrl || DEFAULT_SOURCE.baseUrl, apiKey });
    // Data from one service must not be shown as another's.
    client.removeQueries();
    setStatus({ ok: true, text: 'Saved. The app now reads this service.' });
  };

  // Saving tests first: an address that does not answer as a Standards API is not saved
  // unless the user insists (a service that is down for a moment).
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (urlError) return;
    if (await check()) commit();
  };

  const reset = () => {
    setBaseUrl(DEFAULT_SOURCE.baseUrl);
    setApiKey('');
    setApiSource({ baseUrl: DEFAULT_SOURCE.baseUrl, apiKey: '' });
    client.removeQueries();
    setStatus({ ok: true, text: 'Back to the built-in Standards API.' });
  };

  return (
    <form onSubmit={(e) => void save(e)} className="max-w-xl space-y-4" noValidate>
      <label className="flex flex-col gap-1 text-sm font-medium">
        API base URL
        <input
          className={field}
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          aria-invalid={!!urlError}
          aria-describedby="base-help"
        />
        <span
          id="base-help"
          className={`font-normal ${urlError ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {urlError ?? `Default: ${DEFAULT_SOURCE.baseUrl} (this server's own Standards API, or its proxy to the hosted service).`}
        </span>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        API key
        <input
          className={field}
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          aria-describedby="key-help"
        />
        <span id="key-help" className="font-normal text-slate-600 dark:text-slate-400">
          Optional. Kept only for this browser tab (session storage) and sent only in the x-api-key header to the URL above.
        </span>
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={!!urlError} className={primaryButton}>
          Save
        </button>
        <button
          type="button"
          onClick={() => void check()}
          disabled={!!urlError}
          className="h-9 rounded-md border border-slate-300 px-4 text-sm font-medium dark:border-slate-700"
        >
          Test connection
        </button>
        <button
          type="button"
          onClick={reset}
          className="h-9 rounded-md px-4 text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
        >
          Use the built-in API
        </button>
      </div>
      {status && (
        <p role="status" className={`text-sm ${status.ok ? 'text-slate-700 dark:text-slate-300' : 'text-red-700 dark:text-red-300'}`}>
          {status.text}
          {status.unsaved && ' Nothing was saved.'}
        </p>
      )}
      {status?.unsaved && (
        <button type="button" onClick={commit} className="text-sm font-medium text-blue-700 underline dark:text-blue-300">
          Save this address anyway
        </button>
      )}
    </form>
  );
}
