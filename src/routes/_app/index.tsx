import { createFileRoute } from '@tanstack/react-router';
import { FrameworkList } from '../../features/framework-picker/framework-list';
import { OpenByUuid } from '../../features/framework-picker/open-by-uuid';

export const Route = createFileRoute('/_app/')({
  component: () => (
    <section aria-labelledby="frameworks-heading" className="space-y-6">
      <div>
        <h1 id="frameworks-heading" className="text-2xl font-semibold tracking-tight">
          Choose a standards framework
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Open a framework to browse its grades, domains and standards.</p>
      </div>
      <FrameworkList />
      <details className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <summary className="cursor-pointer text-sm font-medium">Have a framework's CASE UUID?</summary>
        <div className="mt-3">
          <OpenByUuid />
        </div>
      </details>
    </section>
  ),
});
