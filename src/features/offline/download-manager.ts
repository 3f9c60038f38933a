/**
 * Downloads in progress, one per framework, outliving the page that started them
 * (the user may browse elsewhere while a framework saves).
 */
import { useCallback } from 'react';
import * as z from 'zod/mini';
import type { Framework } from '../../../contract/schemas';
import { pageSchema, standardsItemSchema } from '../../../contract/schemas';
import { frameworkConnectionSchema } from '../../../contract/connection-schemas';
import { frameworkLearningComponentSchema } from '../../../contract/learning-component-schemas';
import { ApiError, fetchJson, type ApiSource } from '../../lib/api-client';
import { isQuotaError, type KeyValueStore } from '../../lib/key-value-store';
import { savedStore } from '../../lib/saved-standards';
import { frameworkOnService } from '../../api/saved';
import { appOnDevice } from '../../lib/app-on-device';
import type { DownloadDeps, DownloadProgress } from './download-framework';
import { createStore, useStore } from '../../lib/store';

export type DownloadJob =
  | { status: 'running'; progress: DownloadProgress | null; cancel: () => void }
  | { status: 'done'; progress: DownloadProgress | null }
  | { status: 'failed'; progress: DownloadProgress | null; message: string }
  | { status: 'cancelled'; progress: DownloadProgress | null };

const page = pageSchema(standardsItemSchema);
// Items of the outline extension keep their parents (zod's object drops unknown keys).
const outlinePage = pageSchema(z.extend(standardsItemSchema, { parentCaseIdentifierUUIDs: z.array(z.string()) }));
const connectionsPage = pageSchema(frameworkConnectionSchema);
const skillsPage = pageSchema(frameworkLearningComponentSchema);
const jobs = createStore<ReadonlyMap<string, DownloadJob>>(new Map());

const jobKey = (source: ApiSource, frameworkId: string) => `${source.baseUrl}|${frameworkId}`;

const publish = (key: string, job: DownloadJob) => jobs.update((all) => new Map(all).set(key, job));

function failureMessage(e: unknown): string {
  if (isQuotaError(e))
    return 'There is not enough storage space on this device to save this framework. Remove another saved framework and try again.';
  if (e instanceof ApiError)
    return `${e.message}${e.requestId ? ` (request id ${e.requestId})` : ''} What was saved so far is kept: press Resume to continue.`;
  return 'Saving stopped unexpectedly. What was saved so far is kept: press Resume to continue.';
}

/** A save's requests, to the service itself: every extension it may offer. */
export function serviceDeps(source: ApiSource, store: KeyValueStore): DownloadDeps {
  return {
    store,
    fetchPage: (path, params, signal) => fetchJson(source, path, page, { params, signal }),
    fetchOutline: (path, params, signal) => fetchJson(source, path, outlinePage, { params, signal }),
    fetchConnections: (path, params, signal) => fetchJson(source, path, connectionsPage, { params, signal }),
    fetchSkills: (path, params, signal) => fetchJson(source, path, skillsPage, { params, signal }),
  };
}

export function startDownload(source: ApiSource, framework: Framework, onEnd?: (status: DownloadJob['status']) => void) {
  const key = jobKey(source, framework.caseIdentifierUUID);
  if (jobs.get().get(key)?.status === 'running') return;
  const controller = new AbortController();
  let progress: DownloadProgress | null = null;
  publish(key, { status: 'running', progress, cancel: () => controller.abort(new DOMException('Cancelled', 'AbortError')) });
  // Saved frameworks should survive the browser's storage clean-ups.
  void navigator.storage?.persist?.().catch(() => false);
  void (async () => {
    // The app itself is kept while the standards download (awaited as the save's last step).
    const app = appOnDevice();
    try {
      // The saving itself loads when a save starts: the framework page's first view does not need it.
      const [{ store }, { downloadFramework }] = await Promise.all([savedStore(), import('./download-framework')]);
      // The record as the service has it now (a refresh must not keep an old data version).
      const current = (await frameworkOnService(source, framework, controller.signal).catch(() => null)) ?? framework;
      const report = (p: DownloadProgress) => {
        progress = p;
        const job = jobs.get().get(key);
        if (job?.status === 'running') publish(key, { ...job, progress });
      };
      await downloadFramework({ baseUrl: source.baseUrl, framework: current }, serviceDeps(source, store), controller.signal, report);
      // The standards are in; the app's own code next ("Available offline" only after it).
      const saved = progress as DownloadProgress | null; // set by `report`, which TypeScript does not follow
      if (saved) report({ ...saved, phase: 'app' });
      // Cancel here stops only the wait: the standards are saved.
      const cancelled = new Promise((end) => controller.signal.addEventListener('abort', end, { once: true }));
      await Promise.race([keepTheAppToo(app), cancelled]);
      publish(key, { status: 'done', progress });
    } catch (e) {
      if (controller.signal.aborted) publish(key, { status: 'cancelled', progress });
      else publish(key, { status: 'failed', progress, message: failureMessage(e) });
    }
    // Done, cancelled or failed: what is saved changed either way (a stopped save can resume).
    onEnd?.(jobs.get().get(key)!.status);
  })();
}

/**
 * A save's last step: the code the framework's offline search and text finder load on
 * demand, loaded into this page now (it then answers offline whatever the service worker
 * does: none runs in some frames and private windows), and the whole app on the device
 * (lib/app-on-device.ts). "Available offline" is said only after it.
 */
async function keepTheAppToo(app: Promise<boolean>) {
  await Promise.all([
    import('../../api/search-elsewhere'),
    import('../../api/search-on-device'),
    import('../../api/align-on-device'),
    app,
  ]).catch(() => undefined); // a part that cannot load now says so when it is used
}

export function useDownload(source: ApiSource, frameworkId: string): DownloadJob | undefined {
  const key = jobKey(source, frameworkId);
  return useStore(
    jobs,
    useCallback((all: ReadonlyMap<string, DownloadJob>) => all.get(key), [key]),
  );
}
