import { Link } from '@tanstack/react-router';
import { AttributionFooter } from '../../components/attribution-footer';
import { OfflineIndicator, StorageNotice, UpdatePrompt } from '../../features/offline/app-status';
import { SaveWhenOnline } from '../../features/offline/save-when-online';
import { countSet, describeCount } from '../../lib/set-count';
import { useCurrentSet } from '../../lib/sets-store';
import { usePartsForSets } from '../../api/parts-loader';
import { UndoBar } from '../../components/undo-bar';
import { CustomSourceNotice } from './custom-source-notice';

const navLink = 'flex h-10 items-center rounded-md px-2 text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';

/** Header, notices and the attribution footer around every full-app page. */
export function AppChrome({ children }: { children: React.ReactNode }) {
  const entries = useCurrentSet().entries;
  const count = countSet(entries);
  // The badge counts what a designer plans (standards; parts only where there is nothing else).
  const badge = count.standards || count.parts || count.groupings;
  usePartsForSets();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-blue-700 px-3 py-2 text-sm font-semibold text-white focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
      >
        Skip to main content
      </a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        {/* Wraps rather than squeezes on a phone: the title never runs into the navigation. */}
        {/* One row on a phone (the name gives way to the logo there), so the standards start higher. */}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-1 sm:py-3">
          <Link to="/" className="flex min-h-10 shrink-0 items-center gap-2 whitespace-nowrap font-semibold tracking-tight">
            <img src="/favicon.svg" alt="" className="h-7 w-7" />
            <span className="sr-only sm:not-sr-only">Standards Explorer</span>
          </Link>
          <OfflineIndicator />
          <nav aria-label="Main" className="ml-auto flex flex-wrap gap-1 text-sm">
            <Link to="/sets" className={navLink} activeProps={{ 'aria-current': 'page' }}>
              {entries.length > 0 ? (
                <>
                  {/* Read as one name ("Sets: 3 standards (6 parts)"); the badge shows the standards. */}
                  <span aria-hidden>Sets</span>
                  <span
                    aria-hidden
                    title={describeCount(count)}
                    className="ml-1 rounded-full bg-blue-700 px-1.5 text-xs font-semibold text-white"
                  >
                    {badge}
                  </span>
                  <span className="sr-only">Sets: {describeCount(count)}</span>
                </>
              ) : (
                'Sets'
              )}
            </Link>
            <Link to="/offline" className={navLink} activeProps={{ 'aria-current': 'page' }}>
              Saved offline
            </Link>
            <Link to="/settings" className={navLink} activeProps={{ 'aria-current': 'page' }}>
              Settings
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 space-y-4 px-4 py-4 outline-none sm:py-6">
        <UpdatePrompt />
        <CustomSourceNotice />
        <StorageNotice />
        <SaveWhenOnline />
        {children}
      </main>
      <AttributionFooter />
      <UndoBar />
    </div>
  );
}
