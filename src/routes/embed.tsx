import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { frameworksOptions } from '../api/frameworks';
import { childrenOptions } from '../api/standards';
import { getApiSource } from '../lib/api-source';
import { AttributionFooter } from '../features/attribution/attribution-footer';
import { embedSearchProblems, embedSearchSchema, type EmbedSearch } from '../features/embed/embed-params';
import { EmbedPicker } from '../features/embed/embed-picker';
import { reportSearchProblems, takeSearchProblems } from '../features/standards-tree/search-notice';

export const Route = createFileRoute('/embed')({
  validateSearch: (raw: Record<string, unknown>) => {
    reportSearchProblems(embedSearchProblems(raw));
    return embedSearchSchema.parse(raw);
  },
  // As on the framework page: the data is asked for before the picker's code loads.
  beforeLoad: ({ context, search }) => {
    if (!search.framework) return;
    const source = getApiSource();
    void context.queryClient.prefetchInfiniteQuery(frameworksOptions(source));
    if ((search.view ?? 'outline') === 'outline') void context.queryClient.prefetchInfiniteQuery(childrenOptions(source, search.framework));
  },
  component: EmbedPage,
});

function EmbedPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [problems] = useState(takeSearchProblems);
  // Host- and user-driven filter changes replace the entry: the LMS page's history is not ours.
  const onSearchChange = useCallback(
    (change: Partial<EmbedSearch>) => void navigate({ search: (prev: EmbedSearch) => ({ ...prev, ...change }), replace: true }),
    [navigate],
  );
  if (!search.framework) {
    return (
      <div className="space-y-3 p-3">
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          This standards picker needs a framework: add <code>framework=&lt;CASE UUID&gt;</code> to its address.
        </p>
        <AttributionFooter />
      </div>
    );
  }
  return (
    <EmbedPicker
      key={search.framework}
      frameworkId={search.framework}
      search={search}
      problems={problems}
      onSearchChange={onSearchChange}
    />
  );
}
