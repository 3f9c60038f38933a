import type { QueryClient } from '@tanstack/react-query';
import { Link, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

// Loaded only for an unknown address: the full app's frame (and the sets it counts) stays
// out of the code every page loads first, the embed's included.
const AppChrome = lazy(() => import('./-components/app-chrome').then((m) => ({ default: m.AppChrome })));

// The root is bare: the full app (`_app`) and the embed (`/embed`) bring their own layouts.
export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Outlet,
  notFoundComponent: () => (
    <Suspense>
      <AppChrome>
        <h1 className="text-xl font-semibold">Page not found</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          This address does not match a page.{' '}
          <Link to="/" className="text-blue-700 underline dark:text-blue-400">
            Choose a framework
          </Link>{' '}
          instead.
        </p>
      </AppChrome>
    </Suspense>
  ),
});
