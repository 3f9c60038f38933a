import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StandardsItem } from '../../../contract/schemas';
import { frameworkSubjects, frameworksOptions } from '../../api/frameworks';
import { ancestorsOptions, loadAncestors } from '../../api/standards';
import { basket, useBasket } from '../../lib/basket-store';
import { FrameworkSearch } from '../../features/search/framework-search';
import type { SearchHit } from '../../features/search/search-standards';
import { expandPath } from '../../features/standards-tree/use-expanded';
import { useApiSource } from '../../lib/api-source';
import { SaveOfflinePanel } from '../../features/offline/save-offline-panel';
import { rememberFramework } from '../../lib/recent-frameworks';
import { BrowseFilters, type BrowseFiltersProps } from '../../features/standards-tree/browse-filters';
import type { BrowseSearch } from '../../lib/browse-params';
import { FrameworkUnavailable } from '../../features/standards-tree/framework-unavailable';
import { SkipToTree } from '../../features/standards-tree/skip-to-tree';
import { ListView } from '../../features/standards-tree/list-view';
import { UUID_PATTERN } from '../../../contract/uuid';
import { OutlineView } from '../../features/standards-tree/outline-view';

// The details (with export and its CSV library) load when an item is first opened.
const ItemDetail = lazy(() => import('./item-detail-panel').then((m) => ({ default: m.ItemDetailPanel })));

export interface FrameworkBrowserProps {
  frameworkId: string;
  search: BrowseSearch;
  problems: string[];
  onSearchChange: (change: Partial<BrowseSearch>) => void;
}

export function FrameworkBrowser({ frameworkId, search, problems, onSearchChange }: FrameworkBrowserProps) {
  const source = useApiSource();
  const frameworks = useInfiniteQuery(frameworksOptions(source));
  const framework = frameworks.data?.pages.flatMap((p) => p.data).find((f) => f.caseIdentifierUUID === frameworkId);
  const [outlineUnsupported, setOutlineUnsupported] = useState(false);
  const view = outlineUnsupported ? 'list' : (search.view ?? 'outline');
  const grades = useMemo(() => search.grades ?? [], [search.grades]);
  const filters = useMemo(() => ({ grades, subject: search.subject, type: search.type }), [grades, search.subject, search.type]);

  useEffect(() => rememberFramework(frameworkId), [frameworkId]);
  useEffect(() => {
    document.title = `${framework?.name ?? 'Framework'} — Standards Explorer`;
  }, [framework?.name]);

  // On narrow screens the detail sits below the tree: bring it into view when an item is chosen.
  const detailRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (search.item && window.matchMedia('(max-width: 1023px)').matches)
      detailRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [search.item]);

  const client = useQueryClient();
  const navigate = useNavigate();
  const frameworkRef = useMemo(() => ({ caseIdentifierUUID: frameworkId, name: framework?.name ?? null }), [frameworkId, framework?.name]);
  // The path the user took is the item's ancestor path: later views need not ask for it.
  const select = useCallback(
    (item: StandardsItem, ancestors: StandardsItem[]) => {
      client.setQueryData(ancestorsOptions(source, item.caseIdentifierUUID).queryKey, ancestors);
      // Re-selecting the open item (a click that only folds it) must not navigate and re-render the page.
      if (item.caseIdentifierUUID !== search.item) onSearchChange({ item: item.caseIdentifierUUID });
    },
    [client, source, onSearchChange, search.item],
  );
  const openPathTo = useCallback(
    (ancestors: StandardsItem[]) =>
      expandPath(
        frameworkId,
        ancestors.map((a) => a.caseIdentifierUUID),
      ),
    [frameworkId],
  );
  const reveal = useCallback(
    (id: string, ancestors: StandardsItem[]) => {
      openPathTo(ancestors);
      onSearchChange({ item: id, view: 'outline' });
    },
    [openPathTo, onSearchChange],
  );
  const openHit = async (hit: SearchHit) => {
    if (!hit.item) return void navigate({ to: '/items/$uuid', params: { uuid: hit.caseIdentifierUUID } }); // another framework of the jurisdiction
    // The details open at once; the tree opens down to the item when its path is known.
    onSearchChange({ item: hit.caseIdentifierUUID, view: 'outline' });
    const ancestors = await loadAncestors(client, source, hit.caseIdentifierUUID);
    if (ancestors) openPathTo(ancestors);
  };
  useBasket(); // tree ticks follow the basket
  const checks = useMemo(
    () => ({
      isChecked: basket.has,
      onToggle: (item: StandardsItem, path: StandardsItem[]) => basket.toggle({ item, framework: frameworkRef, path }),
    }),
    [frameworkRef],
  );
  const onFilters: BrowseFiltersProps['onChange'] = (change) => onSearchChange(change);
  // A dead link says so instead of showing an empty outline. The list is only trusted
  // online: offline it holds just the saved frameworks.
  const listedAll = frameworks.isSuccess && !frameworks.hasNextPage && navigator.onLine;
  if (!UUID_PATTERN.test(frameworkId))
    return (
      <FrameworkUnavailable
        title="This link is broken: it does not hold a valid framework ID."
        hint={`“${frameworkId.slice(0, 80)}” is not a framework ID. Check that the whole link was copied, or choose the framework from the list.`}
      />
    );
  if (listedAll && !framework)
    return (
      <FrameworkUnavailable
        title="No framework with this ID was found."
        hint={`The standards service lists no current framework ${frameworkId}. The link may be mistyped, or the framework retired. Choose one from the list.`}
      />
    );

  const permalink = search.item ? `${location.origin}/frameworks/${frameworkId}?item=${search.item}` : '';

  return (
    <div className="space-y-4">
      <SkipToTree />
      <div>
        <Link to="/" className="text-sm text-blue-700 hover:underline dark:text-blue-400">
          ← All frameworks
        </Link>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">{framework?.name ?? (frameworks.isPending ? '\u00a0' : 'Framework')}</h1>
        {framework && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {[
              framework.jurisdiction,
              framework.academicSubject,
              framework.adoptionStatus,
              framework.dateModified && `updated ${framework.dateModified}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
      </div>
      {framework && <SaveOfflinePanel framework={framework} />}
      {framework && <FrameworkSearch framework={framework} onOpen={(hit) => void openHit(hit)} />}
      {problems.length > 0 && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
          This link had an invalid {problems.join(', ')}; showing the default instead.
        </p>
      )}
      {outlineUnsupported && (
        <p role="status" className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-950 dark:bg-blue-950/40 dark:text-blue-100">
          This standards service does not list a framework's top level, so all its items are shown as a list.
        </p>
      )}
      <BrowseFilters
        grades={grades}
        subject={search.subject}
        type={search.type}
        view={view}
        subjects={frameworkSubjects(framework)}
        onChange={onFilters}
      />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="min-w-0">
          {view === 'outline' ? (
            <OutlineView
              frameworkId={frameworkId}
              filters={filters}
              selectedId={search.item}
              onSelect={select}
              treeOptions={{ checks }}
              onUnsupported={() => setOutlineUnsupported(true)}
            />
          ) : (
            <ListView frameworkId={frameworkId} filters={filters} selectedId={search.item} onSelect={select} treeOptions={{ checks }} />
          )}
        </div>
        <div ref={detailRef} className="scroll-mt-4 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-auto">
          {search.item ? (
            <Suspense
              fallback={
                <div
                  role="status"
                  aria-label="Loading the standard"
                  className="h-64 animate-pulse rounded-xl bg-slate-200/70 dark:bg-slate-800"
                />
              }
            >
              <ItemDetail
                itemId={search.item}
                permalink={permalink}
                framework={frameworkRef}
                onReveal={(ancestors) => reveal(search.item!, ancestors)}
                onClose={() => onSearchChange({ item: undefined })}
                renderChildLink={(child, content) => (
                  <Link
                    to="."
                    search={(prev: BrowseSearch) => ({ ...prev, item: child.caseIdentifierUUID })}
                    resetScroll={false}
                    className="hover:underline"
                  >
                    {content}
                  </Link>
                )}
              />
            </Suspense>
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
              Select a standard to read it in full, copy its code and text, or share a link to it.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
