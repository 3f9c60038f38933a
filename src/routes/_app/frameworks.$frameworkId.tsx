import { createFileRoute } from '@tanstack/react-router';
import { frameworksOptions } from '../../api/frameworks';
import { childrenOptions } from '../../api/standards';
import { getApiSource } from '../../lib/api-source';
import { useCallback, useState } from 'react';
import { browseSearchSchema, searchProblems, type BrowseSearch } from '../../features/standards-tree/browse-search';
import { FrameworkBrowser } from '../../features/standards-tree/framework-browser';
import { reportSearchProblems, takeSearchProblems } from '../../features/standards-tree/search-notice';

export const Route = createFileRoute('/_app/frameworks/$frameworkId')({
  validateSearch: (raw: Record<string, unknown>) => {
    reportSearchProblems(searchProblems(raw as Record<string, string>));
    return browseSearchSchema.parse(raw);
  },
  // Start the data while the page's code is still loading (no waterfall); not awaited.
  loader: ({ context, params }) => {
    const source = getApiSource();
    void context.queryClient.prefetchInfiniteQuery(childrenOptions(source, params.frameworkId));
    void context.queryClient.prefetchInfiniteQuery(frameworksOptions(source));
  },
  component: FrameworkPage,
});

function FrameworkPage() {
  const { frameworkId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [problems] = useState(takeSearchProblems);
  const onSearchChange = useCallback(
    (change: Partial<BrowseSearch>) => void navigate({ search: (prev: BrowseSearch) => ({ ...prev, ...change }) }),
    [navigate],
  );
  return (
    <FrameworkBrowser key={frameworkId} frameworkId={frameworkId} search={search} problems={problems} onSearchChange={onSearchChange} />
  );
}
