import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { frameworksOptions } from '../api/frameworks';
import { childrenOptions } from '../api/standards';
import { getApiSource } from '../lib/api-source';
import { EmbedFrameworkChooser } from '../features/embed/embed-framework-chooser';
import { embedParamsSchema, invalidEmbedParams, type EmbedParams } from '../features/embed/embed-params';
import { paramLabels, validateWithFixed } from '../lib/browse-params';
import { EmbedPicker } from './-components/embed-picker';

export const Route = createFileRoute('/embed')({
  validateSearch: validateWithFixed<EmbedParams>((raw) => embedParamsSchema.parse(raw), invalidEmbedParams),
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
  const params = Route.useSearch();
  const navigate = Route.useNavigate();
  const origins = useMemo(() => params.origin ?? [], [params.origin]);
  // Host- and user-driven filter changes replace the entry: the LMS page's history is not ours.
  const onParamsChange = useCallback(
    (change: Partial<EmbedParams>) =>
      void navigate({ search: (prev: EmbedParams) => ({ ...prev, ...change, fixed: undefined }), replace: true }),
    [navigate],
  );
  if (!params.framework)
    return (
      <EmbedFrameworkChooser
        jurisdiction={params.jurisdiction}
        subject={params.subject}
        origins={origins}
        onChoose={(framework) => onParamsChange({ framework, subject: undefined })}
      />
    );
  return (
    <EmbedPicker
      key={params.framework}
      frameworkId={params.framework}
      params={params}
      problems={paramLabels(params.fixed ?? [])}
      onParamsChange={onParamsChange}
    />
  );
}
