import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SkeletonRows } from '../components/ui/skeleton-rows';
import { frameworksOptions } from '../api/frameworks';
import { childrenOptions } from '../api/standards';
import { getApiSource, useApiSource } from '../lib/api-source';
import { setValueOf } from '../lib/set-link-value';
import { EmbedFrameworkChooser } from '../features/embed/embed-framework-chooser';
import { embedParamsSchema, invalidEmbedParams, preselectedIds, type EmbedParams } from '../features/embed/embed-params';
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
      // The fragment stays: a set given there (`#set=…`) must outlive the framework being filled in.
      void navigate({ search: (prev: EmbedParams) => ({ ...prev, ...change, fixed: undefined }), hash: true, replace: true }),
    [navigate],
  );
  const fragment = typeof window === 'undefined' ? '' : window.location.hash;
  if (!params.framework && (params.selected?.length || params.set || setValueOf(fragment)))
    return <FrameworkOfSet fragment={fragment} onFound={(framework) => onParamsChange({ framework })} />;
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

/**
 * A set given without a framework opens the framework of its first standard (the
 * picker's choice stays one framework); where that cannot be told, the list is offered.
 */
function FrameworkOfSet({ fragment, onFound }: { fragment: string; onFound: (frameworkId: string) => void }) {
  const client = useQueryClient();
  const source = useApiSource();
  const params = Route.useSearch();
  const found = useQuery({
    queryKey: ['embed-set-framework', source.baseUrl, params.selected, params.set, fragment],
    queryFn: async () => {
      const preselection = await preselectedIds(params, fragment);
      const first = 'ids' in preselection ? preselection.ids[0] : undefined;
      // Nothing to go by (the picker then says what is wrong with the preselection): the list is offered.
      if (!first) return null;
      const { resolveEntries } = await import('../api/set-entries');
      return (await resolveEntries(client, source, [{ caseIdentifierUUID: first }])).entries[0]?.framework.caseIdentifierUUID || null;
    },
    meta: { persist: false },
  });
  const frameworkId = found.data;
  useEffect(() => {
    if (frameworkId) onFound(frameworkId);
  }, [frameworkId, onFound]);
  const navigate = Route.useNavigate();
  if (found.isPending || frameworkId) return <SkeletonRows count={4} label="Opening the set's framework" />;
  return (
    <EmbedFrameworkChooser
      jurisdiction={params.jurisdiction}
      subject={params.subject}
      origins={params.origin ?? []}
      onChoose={(framework) =>
        void navigate({
          search: (prev: EmbedParams) => ({ ...prev, framework, subject: undefined, fixed: undefined }),
          hash: true,
          replace: true,
        })
      }
    />
  );
}
