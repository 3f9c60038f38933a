import { createFileRoute } from '@tanstack/react-router';
import { SavedFrameworksList } from '../../features/offline/saved-frameworks-list';
import { StorageUsage } from '../../features/offline/storage-usage';

export const Route = createFileRoute('/_app/offline')({
  component: () => (
    <section aria-labelledby="offline-heading" className="space-y-6">
      <div>
        <h1 id="offline-heading" className="text-2xl font-semibold tracking-tight">
          Saved for offline use
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Saved frameworks open, expand, filter and read with no network.</p>
      </div>
      <SavedFrameworksList />
      <div>
        <h2 className="mb-2 text-lg font-medium">Storage on this device</h2>
        <StorageUsage />
      </div>
    </section>
  ),
});
