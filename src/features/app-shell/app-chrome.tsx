import { Link } from '@tanstack/react-router';
import { AttributionFooter } from '../attribution/attribution-footer';
import { OfflineIndicator, StorageNotice, UpdatePrompt } from '../offline/app-status';
import { useBasket } from '../basket/basket-store';

const navLink = 'rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';

/** Header, notices and the attribution footer around every full-app page. */
export function AppChrome({ children }: { children: React.ReactNode }) {
  const inBasket = useBasket().length;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 font-semibold tracking-tight">
            <img src="/favicon.svg" alt="" className="h-7 w-7" />
            Standards Explorer
          </Link>
          <OfflineIndicator />
          <nav aria-label="Main" className="ml-auto flex gap-1 text-sm">
            <Link to="/basket" className={navLink} activeProps={{ 'aria-current': 'page' }}>
              Basket
              {inBasket > 0 && <span className="ml-1 rounded-full bg-blue-700 px-1.5 text-xs font-semibold text-white">{inBasket}</span>}
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
      <main className="mx-auto w-full max-w-6xl flex-1 space-y-4 px-4 py-6">
        <UpdatePrompt />
        <StorageNotice />
        {children}
      </main>
      <AttributionFooter />
    </div>
  );
}
