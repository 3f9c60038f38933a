import { useAttributionsOnScreen } from '../lib/attribution-store';

const LICENSE_URL = 'https://creativecommons.org/licenses/by/4.0/';

/** Always rendered, on every page and state: the data's license requires attribution. */
export function AttributionFooter() {
  const statements = useAttributionsOnScreen();
  return (
    <footer className="border-t border-slate-200 bg-white py-3 text-xs leading-relaxed text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
      <div className="mx-auto max-w-6xl space-y-1 px-4 [overflow-wrap:anywhere]">
        {statements.length > 0 ? (
          statements.map((s) => <p key={s}>{s}</p>)
        ) : (
          <p>Standards data: Learning Commons Knowledge Graph, provided under the CC BY 4.0 license.</p>
        )}
        <p>
          License:{' '}
          <a className="underline hover:text-slate-900 dark:hover:text-white" href={LICENSE_URL} rel="license noreferrer" target="_blank">
            Creative Commons Attribution 4.0 International (CC BY 4.0)
          </a>
        </p>
      </div>
    </footer>
  );
}
