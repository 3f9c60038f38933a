/**
 * The app's own code on the device, as a save for offline use needs it. Its pages load
 * parts of their code when first used (the offline search, the text finder, a detail
 * panel): offline, a part that was never loaded comes from the service worker's copy of
 * the app, or not at all. On a first visit the page is not yet in the worker's care, so a
 * framework saved then answered "Searching…" for ever once the network went (the offline
 * search's code could not load). A save therefore ends only once the worker holds the
 * app and looks after this page (`clientsClaim` in vite.config.ts), or once it is known
 * that it never will here.
 */

/** Bound on the wait: past it the save ends anyway (its data is saved; the app's copy may still come). */
const APP_WAIT_MS = 60_000;
/**
 * The worker vite-plugin-pwa writes, at the app's base. The app registers it once the first
 * view is idle (features/offline/app-status.tsx); a save registers it at once instead, so
 * the app is cached while the standards download, not after. Registering twice is one
 * registration.
 */
const WORKER = { url: '/sw.js', scope: '/' };

let registrationFailed = false;
const onFailure = new Set<() => void>();

/** The service worker could not register (blocked in this browser or frame): nothing to wait for. */
export function appWorkerFailed() {
  registrationFailed = true;
  onFailure.forEach((f) => f());
}

/**
 * Resolves true once a service worker looks after this page (it then holds every part of
 * the app), false where none will (no service workers here, registration refused, the
 * development server) or after `maxMs`. Call it when a save starts, await it when it ends.
 */
export function appOnDevice(maxMs = APP_WAIT_MS): Promise<boolean> {
  const workers = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!workers || !import.meta.env.PROD || registrationFailed) return Promise.resolve(false);
  if (workers.controller) return Promise.resolve(true);
  void workers
    .getRegistration(WORKER.scope)
    .then((known) => known ?? workers.register(WORKER.url, { scope: WORKER.scope }))
    .catch(appWorkerFailed);
  return new Promise((resolve) => {
    const end = (inCare: boolean) => {
      clearTimeout(timer);
      workers.removeEventListener('controllerchange', taken);
      onFailure.delete(failed);
      resolve(inCare);
    };
    const taken = () => end(true);
    const failed = () => end(false);
    const timer = setTimeout(failed, maxMs);
    workers.addEventListener('controllerchange', taken);
    onFailure.add(failed);
  });
}
