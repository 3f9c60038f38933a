import { createFileRoute } from '@tanstack/react-router';
import { frameworksOptions } from '../../api/frameworks';
import { childrenOptions } from '../../api/standards';
import { getApiSource } from '../../lib/api-source';
import { useCallback, useState } from 'react';
import { browseSearchSchema, searchProblems, type BrowseSearch } from '../../lib/browse-params';
import { FrameworkBrowser } from '../-components/framework-page';
import { reportSearchProblems, takeSearchProblems } from '../../lib/search-notice';

export const Route = createFileRoute('/_app/frameworks/$frameworkId')({
  validateSearch: (raw: Record<string, unknown>) => {
    reportSearchProblems(searchProblems(raw as Record<string, string>));
    return browseSearchSchema.parse(raw);
  },
  // Ask for the data before the page's code: in beforeLoad (not loader) the two requests go
  // out ahead of the route's script chunks instead of queueing behind them for one of the
  // browser's six connections (first rows about 60 ms sooner here). Not awaited.
  beforeLoad: ({ context, params }) => {
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
    // Choosing a row, a filter or a view changes the URL, not the page: keep the scroll
    // position (the router scrolls to the top on navigation by default).
    (change: Partial<BrowseSearch>) => void navigate({ search: (prev: BrowseSearch) => ({ ...prev, ...change }), resetScroll: false }),
    [navigate],
  );
  return (
    <FrameworkBrowser key={frameworkId} frameworkId={frameworkId} search={search} problems={problems} onSearchChange={onSearchChange} />
  );
}
