import { Link } from '@tanstack/react-router';

/**
 * What a page shows when its code or data failed in a way no part of it handled: what
 * happened in plain words and the ways on, never a stack trace or a blank page.
 */
export function PageError({ reset }: { reset?: () => void }) {
  return (
    <main className="mx-auto max-w-xl space-y-3 p-6">
      <h1 className="text-xl font-semibold">This page could not be shown</h1>
      <p role="alert" className="text-slate-700 dark:text-slate-300">
        Something went wrong while showing this page. Reloading usually helps; if the network is down, pages you saved for offline use still
        open.
      </p>
      <div className="flex flex-wrap gap-3 text-sm font-medium">
        <button type="button" onClick={() => (reset ? reset() : location.reload())} className="text-blue-700 underline dark:text-blue-300">
          Try again
        </button>
        <Link to="/" className="text-blue-700 underline dark:text-blue-300">
          Go to all frameworks
        </Link>
      </div>
    </main>
  );
}
