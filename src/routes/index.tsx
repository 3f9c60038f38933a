import { createFileRoute } from '@tanstack/react-router';
import { FrameworkList } from '../features/framework-picker/framework-list';

export const Route = createFileRoute('/')({
  component: () => (
    <section aria-labelledby="frameworks-heading">
      <h1 id="frameworks-heading" className="text-2xl font-semibold tracking-tight">
        Choose a standards framework
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Open a framework to browse its grades, domains and standards.</p>
      <div className="mt-6">
        <FrameworkList />
      </div>
    </section>
  ),
});
