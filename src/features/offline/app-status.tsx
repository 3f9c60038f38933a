import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useOnline } from '../../lib/online';
import { appWorkerFailed } from '../../lib/app-on-device';
import { useStorageIssues, type StorageIssue } from '../../lib/storage-status';

export function OfflineIndicator() {
  const online = useOnline();
  if (online) return null;
  return (
    <span
      role="status"
      className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
    >
      <span className="h-2 w-2 rounded-full bg-amber-500" aria-hidden />
      Offline
    </span>
  );
}

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * True once the page has loaded and the browser is idle. The service worker registers
 * after the load event anyway; waiting to mount its code too keeps its script out of the
 * first view's requests (on a slow link it was one more file before the first rows).
 */
function useAfterFirstView() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle = 0;
    const whenIdle = () => (idle = requestIdleCallback(() => setReady(true), { timeout: 2000 }));
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancelIdleCallback(idle);
    };
  }, []);
  return ready;
}

/** A new version is announced and installed only when the user says so. */
export function UpdatePrompt() {
  return useAfterFirstView() ? <UpdatePromptNow /> : null;
}

function UpdatePromptNow() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // The browser looks for a new version on each navigation; a tab left open for days
    // (a classroom screen) asks every hour as well. Offline, the check just fails quietly.
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_INTERVAL_MS);
    },
    // A save for offline use waits for the worker to hold the app (lib/app-on-device): not when it cannot register.
    onRegisterError: appWorkerFailed,
  });
  if (!needRefresh) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-2 text-sm dark:border-blue-900 dark:bg-blue-950/50"
    >
      <span>Update available — reload to use the new version.</span>
      <button
        type="button"
        className="rounded-md bg-blue-700 px-3 py-1 font-semibold text-white"
        onClick={() => void updateServiceWorker(true)}
      >
        Reload
      </button>
      <button type="button" className="text-blue-800 underline dark:text-blue-300" onClick={() => setNeedRefresh(false)}>
        Later
      </button>
    </div>
  );
}

const MESSAGES: Record<StorageIssue, string> = {
  blocked:
    'This browser does not let the app store data here (private window or embedded page): browsing works, but nothing is kept after you close it.',
  quota: 'Storage on this device is full: new pages are not kept for offline use. Remove a saved framework to make room.',
  corrupt: 'Some stored data could not be read and was set aside; it will load again from the network.',
};

export function StorageNotice() {
  const issues = useStorageIssues();
  if (issues.length === 0) return null;
  return (
    <div
      role="status"
      className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {issues.map((i) => (
        <p key={i}>{MESSAGES[i]}</p>
      ))}
    </div>
  );
}
