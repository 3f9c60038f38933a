import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { onlineManager } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { CACHE_MAX_AGE, createQueryClient } from './lib/query-client';
import { CACHE_BUSTER, queryPersister } from './lib/query-persistence';
import { parseSearch, stringifySearch } from './lib/search-params';
import { PageError } from './routes/-components/page-error';
import './styles.css';

// React Query listens for online/offline only once a query client mounts (after the
// route's loaders, which may take a while), and then trusts the events alone: a page
// loaded offline, or whose network went before the mount, never refetched when the
// network came back. Listen from here on, reading the browser's state at each event.
onlineManager.setEventListener((setOnline) => {
  const sync = () => setOnline(navigator.onLine);
  sync();
  window.addEventListener('online', sync);
  window.addEventListener('offline', sync);
  return () => {
    window.removeEventListener('online', sync);
    window.removeEventListener('offline', sync);
  };
});
const queryClient = createQueryClient();
const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: true,
  parseSearch,
  stringifySearch,
  // A route whose code chunk or loader failed shows what to do, not a blank page.
  defaultErrorComponent: ({ reset }) => <PageError reset={reset} />,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/** More than 10 pages of a list, or a framework's whole list of more than 2,000 items (as a search loads it). */
/** Whether data holds a Map or Set near its top: JSON would restore it as a plain object, which breaks its readers. */
const holdsCollection = (data: unknown, depth = 3): boolean =>
  data instanceof Map ||
  data instanceof Set ||
  (depth > 0 &&
    !!data &&
    typeof data === 'object' &&
    !Array.isArray(data) &&
    Object.values(data).some((v) => holdsCollection(v, depth - 1)));

const isLongList = (data: unknown) =>
  (Array.isArray(data) && data.length > 2000) || ((data as { pages?: unknown[] } | undefined)?.pages?.length ?? 0) > 10;

// The first render waits for the first page's code: it replaces the frame the HTML drew,
// and a render before the route's chunk arrives would show a blank page meanwhile (about a
// second on a slow phone link). The page's data requests leave during this load.
void router.load().finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister: queryPersister,
          maxAge: CACHE_MAX_AGE,
          buster: CACHE_BUSTER,
          // Device-local state (saved frameworks, storage estimate) is read fresh, never persisted,
          // and neither is a List view scrolled past 1,000 items nor a framework's whole list of
          // more than 2,000 (loaded by a search offline or on the hosted service): the whole cache is written as
          // one string every second, and 10,000 items made that a pause the reader felt. A
          // framework that large is kept offline by "Make available offline" instead.
          dehydrateOptions: {
            shouldDehydrateQuery: (q) =>
              q.state.status === 'success' && q.meta?.persist !== false && !isLongList(q.state.data) && !holdsCollection(q.state.data),
          },
        }}
      >
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </StrictMode>,
  ),
);
