import { createFileRoute } from '@tanstack/react-router';
import { frameworksOptions } from '../../api/frameworks';
import { childrenOptions } from '../../api/standards';
import { getApiSource } from '../../lib/api-source';
import { useCallback } from 'react';
import { browseParamsSchema, invalidBrowseParams, paramLabels, validateWithFixed, type BrowseParams } from '../../lib/browse-params';
import { FrameworkPage } from '../-components/framework-page';

export const Route = createFileRoute('/_app/frameworks/$frameworkId')({
  validateSearch: validateWithFixed<BrowseParams>((raw) => browseParamsSchema.parse(raw), invalidBrowseParams),
  // Ask for the data before the page's code: in beforeLoad (not loader) the two requests go
  // out ahead of the route's script chunks instead of queueing behind them for one of the
  // browser's six connections (first rows about 60 ms sooner here). Not awaited.
  beforeLoad: ({ context, params }) => {
    const source = getApiSource();
    void context.queryClient.prefetchInfiniteQuery(childrenOptions(source, params.frameworkId));
    void context.queryClient.prefetchInfiniteQuery(frameworksOptions(source));
  },
  component: FrameworkRoute,
});

function FrameworkRoute() {
  const { frameworkId } = Route.useParams();
  const params = Route.useSearch();
  const navigate = Route.useNavigate();
  const onParamsChange = useCallback(
    // Choosing a row, a filter or a view changes the URL, not the page: keep the scroll
    // position (the router scrolls to the top on navigation by default).
    // The notice about an invalid link goes with the first change (`fixed: undefined`).
    (change: Partial<BrowseParams>) =>
      // Another standard closes the match read beside the last one.
      void navigate({
        search: (prev: BrowseParams) => ({ ...prev, ...('item' in change && { peek: undefined }), ...change, fixed: undefined }),
        resetScroll: false,
      }),
    [navigate],
  );
  return (
    <FrameworkPage
      key={frameworkId}
      frameworkId={frameworkId}
      params={params}
      problems={paramLabels(params.fixed ?? [])}
      onParamsChange={onParamsChange}
    />
  );
}
