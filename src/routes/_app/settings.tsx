import { createFileRoute } from '@tanstack/react-router';
import { DataSourceForm } from '../../features/settings/data-source-form';
import { OwnExamplesSection } from '../../features/settings/own-examples-section';

export const Route = createFileRoute('/_app/settings')({
  component: () => (
    <section aria-labelledby="settings-heading" className="space-y-4">
      <h1 id="settings-heading" className="text-2xl font-semibold tracking-tight">
        Settings
      </h1>
      <h2 className="text-lg font-medium">Data source</h2>
      <DataSourceForm />
      <OwnExamplesSection />
    </section>
  ),
});
