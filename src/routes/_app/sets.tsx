import { createFileRoute } from '@tanstack/react-router';
import { SetEditor } from '../../features/sets/set-editor';

export const Route = createFileRoute('/_app/sets')({
  component: () => (
    <section aria-labelledby="sets-heading" className="space-y-4">
      <div>
        <h1 id="sets-heading" className="text-2xl font-semibold tracking-tight">
          Sets of standards
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Named sets kept on this device: build one for a unit, share it by a link, hand it to Canvas, Moodle or a CASE tool. Every export
          and printout carries each standard's own attribution.
        </p>
      </div>
      <SetEditor />
    </section>
  ),
});
