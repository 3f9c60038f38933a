import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { frameworksOptions } from '../api/frameworks';
import { childrenOptions } from '../api/standards';
import { getApiSource } from '../lib/api-source';
import { EmbedFrameworkChooser } from '../features/embed/embed-framework-chooser';
import { embedSearchProblems, embedSearchSchema, type EmbedSearch } from '../features/embed/embed-params';
import { EmbedPicker } from './-components/embed-picker';
import { reportSearchProblems, takeSearchProblems } from '../lib/search-notice';

export const Route = createFileRoute('/embed')({
  validateSearch: (raw: Record<string, unknown>) => {
    reportSearchProblems(embedSearchProblems(raw));
    return embedSearchSchema.parse(raw);
  },
  // As on the framework page: the data is asked for before the picker's code loads.
  beforeLoad: ({ context, search }) => {
    const source = getApiSource();
    void context.queryClient.prefetchInfiniteQuery(frameworksOptions(source));
    if (!search.framework) return;
    if ((search.view ?? 'outline') === 'outline') void context.queryClient.prefetchInfiniteQuery(childrenOptions(source, search.framework));
  },
  component: EmbedPage,
});

function EmbedPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [problems] = useState(takeSearchProblems);
  const origins = useMemo(() => search.origin ?? [], [search.origin]);
  // Host- and user-driven filter changes replace the entry: the LMS page's history is not ours.
  const onSearchChange = useCallback(
    (change: Partial<EmbedSearch>) => void navigate({ search: (prev: EmbedSearch) => ({ ...prev, ...change }), replace: true }),
    [navigate],
  );
  if (!search.framework)
    return (
      <EmbedFrameworkChooser
        jurisdiction={search.jurisdiction}
        subject={search.subject}
        origins={origins}
        onChoose={(framework) => onSearchChange({ framework, subject: undefined })}
      />
    );
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
