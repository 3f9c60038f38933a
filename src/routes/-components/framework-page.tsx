/**
 * The framework page: it composes the features (search, offline saving, filters, the
 * tree, the details, the set's ticks) and wires them with props; none of them knows
 * the others.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { StandardsItem } from '../../../contract/schemas';
import { UUID_PATTERN } from '../../../contract/uuid';
import { frameworkSubjects, useFramework } from '../../api/frameworks';
import { SaveOfflinePanel } from '../../features/offline/save-offline-panel';
import { BrowseFilters } from '../../features/standards-tree/browse-filters';
import { FrameworkUnavailable } from '../../features/standards-tree/framework-unavailable';
import { ListView } from '../../features/standards-tree/list-view';
import { OutlineView } from '../../features/standards-tree/outline-view';
import { browseRows } from '../../features/standards-tree/row-behaviour';
import { SkipToTree } from '../../features/standards-tree/skip-to-tree';
import { useApiSource } from '../../lib/api-source';
import { useItemFilters } from '../../lib/item-filters';
import { currentSet, useCurrentSet } from '../../lib/sets-store';
import type { BrowseParams } from '../../lib/browse-params';
import { rememberFramework } from '../../lib/recent-frameworks';
import { DetailPane } from './detail-pane';
import { LazySearch } from './lazy-search';
import { FrameworkHeader } from './framework-header';
import { PageNotice } from './page-notice';
import { useFrameworkNavigation } from './use-framework-navigation';
import { AlignToggle } from '../../features/align/align-toggle';
import { MoodleFrameworkExport } from '../../features/export/moodle-framework-export';
import { FilterChips } from '../../features/standards-tree/filter-chips';
import { CollapseAllButton } from '../../features/standards-tree/collapse-all-button';
import { Sheet } from '../../components/ui/sheet';
import { COMPACT_LAYOUT, useMediaQuery } from '../../lib/use-media-query';

// Loaded when first opened: most visits never paste a text.
const AlignPanel = lazy(() => import('../../features/align/align-panel').then((m) => ({ default: m.AlignPanel })));

export interface FrameworkPageProps {
  frameworkId: string;
  params: BrowseParams;
  /** Parameters of the link that were invalid and fell back to their defaults. */
  problems: string[];
  onParamsChange: (change: Partial<BrowseParams>) => void;
}

export function FrameworkPage({ frameworkId, params, problems, onParamsChange }: FrameworkPageProps) {
  const source = useApiSource();
  const { framework, missing, isPending } = useFramework(source, frameworkId);
  const frameworkRef = useMemo(() => ({ caseIdentifierUUID: frameworkId, name: framework?.name ?? null }), [frameworkId, framework?.name]);
  const [outlineUnsupported, setOutlineUnsupported] = useState(false);
  const view = outlineUnsupported ? 'list' : (params.view ?? 'outline');
  const filters = useItemFilters(params);
  const { select, reveal, openHit, openItem } = useFrameworkNavigation(source, frameworkId, params.item, onParamsChange);
  const [aligning, setAligning] = useState(false);
  const compact = useMediaQuery(COMPACT_LAYOUT);
  const [revealed, setRevealed] = useState<string>();
  const [sheetOpen, setSheetOpen] = useState(false);

  useEffect(() => rememberFramework(frameworkId), [frameworkId]);
  useEffect(() => {
    document.title = `${framework?.name ?? 'Framework'} — Standards Explorer`;
  }, [framework?.name]);

  useCurrentSet(); // the tree's ticks follow the set being edited
  const behaviour = useMemo(
    () =>
      browseRows({
        selectedId: params.item,
        onSelect: select,
        ticks: {
          isChecked: currentSet.has,
          toggle: (item: StandardsItem, path: StandardsItem[]) => currentSet.toggleWithParts({ item, framework: frameworkRef, path }),
        },
      }),
    [params.item, select, frameworkRef],
  );

  if (!UUID_PATTERN.test(frameworkId))
    return (
      <FrameworkUnavailable
        title="This link is broken: it does not hold a valid framework ID."
        hint={`“${frameworkId.slice(0, 80)}” is not a framework ID. Check that the whole link was copied, or choose the framework from the list.`}
      />
    );
  if (missing)
    return (
      <FrameworkUnavailable
        title="No framework with this ID was found."
        hint={`The standards service lists no current framework ${frameworkId}. The link may be mistyped, or the framework retired. Choose one from the list.`}
      />
    );

  // The page scrolls to an item's row only when "Reveal in tree" asks: an item opened from the
  // search, a suggestion or a link is read in its details, which the page keeps in view (the
  // tree scrolls with the page, so bringing a far row into view would carry them away).
  const tree = { frameworkId, filters, behaviour, revealId: revealed, fullText: params.text === 'full' };
  const search = framework && (
    <LazySearch
      preload
      framework={framework}
      onOpen={(hit) => void openHit(hit)}
      filters={filters}
      order={params.order}
      onOrderChange={(order) => onParamsChange({ order: order === 'best' ? undefined : order })}
      compact={compact}
      beside={compact && <FiltersButton count={otherChoices(params)} onClick={() => setSheetOpen(true)} />}
    />
  );
  const filterControls = <BrowseFilters params={params} view={view} subjects={frameworkSubjects(framework)} onChange={onParamsChange} />;
  const alignToggle = framework && (
    <AlignToggle
      open={aligning}
      onToggle={() => {
        setAligning(!aligning);
        setSheetOpen(false);
      }}
    />
  );
  return (
    // On a phone the open standard comes first, under the framework's name: a shared link
    // opens at the standard. On a wide screen it stands beside the search, filters and tree.
    <div className="flex flex-col gap-3 sm:gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start lg:gap-x-5">
      <div className="space-y-4 lg:col-span-2">
        <SkipToTree />
        <FrameworkHeader framework={framework} loading={isPending} />
      </div>
      {/* On a phone the details above change height as they load: the page must not hold on to a row below them (scroll anchoring) and carry the reader away from the standard. */}
      <div className="order-2 min-w-0 space-y-3 [overflow-anchor:none] sm:space-y-4 lg:order-none lg:[overflow-anchor:auto]">
        {/* One compact bar above the standards on a phone, in reach while reading (sticky); everything
            else is in the Filters sheet. It lets go while search results show, which scroll with the page.
            The search keeps its place in both layouts, so a rotated phone keeps what was typed. */}
        <div
          className={
            compact
              ? 'sticky top-0 z-20 -mx-4 space-y-2 border-b border-slate-200 bg-slate-50 px-4 py-2 has-[[data-searching]]:static dark:border-slate-800 dark:bg-slate-950'
              : 'space-y-4'
          }
        >
          {!compact && framework && <SaveOfflinePanel framework={framework} />}
          {search}
          {compact ? (
            <div className="flex items-start justify-between gap-2 empty:hidden">
              <FilterChips params={params} onChange={onParamsChange} />
              {view === 'outline' && <CollapseAllButton frameworkId={frameworkId} />}
            </div>
          ) : (
            alignToggle
          )}
        </div>
        {compact && (
          <Sheet open={sheetOpen} title="Filters and tools" onClose={() => setSheetOpen(false)}>
            {filterControls}
            {framework && <SaveOfflinePanel framework={framework} />}
            {alignToggle}
            {framework && <MoodleFrameworkExport framework={framework} filters={filters} />}
          </Sheet>
        )}
        {framework && aligning && (
          <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading…</p>}>
            <AlignPanel framework={frameworkRef} onOpen={(hit) => void openItem(hit.caseIdentifierUUID)} />
          </Suspense>
        )}
        {problems.length > 0 && (
          <PageNotice tone="amber">This link had an invalid {problems.join(', ')}; showing the default instead.</PageNotice>
        )}
        {outlineUnsupported && (
          <PageNotice tone="blue">
            This standards service does not list a framework's top level, so all its items are shown as a list.
          </PageNotice>
        )}
        {!compact && filterControls}
        {/* Beside the filters it follows: the file holds what they keep. */}
        {!compact && framework && <MoodleFrameworkExport framework={framework} filters={filters} />}
        {/* Edge to edge on a phone: the tree's rows take the page's side margins for their text. */}
        <div className="max-sm:-mx-4">
          {view === 'outline' ? (
            <OutlineView {...tree} collapseInBar={compact} onUnsupported={() => setOutlineUnsupported(true)} />
          ) : (
            <ListView {...tree} />
          )}
        </div>
      </div>
      <DetailPane
        className="order-1 lg:order-none lg:col-start-2 lg:row-start-2"
        framework={frameworkRef}
        itemId={params.item}
        peekId={params.peek}
        onReveal={(id, ancestors) => {
          setRevealed(id);
          reveal(id, ancestors);
        }}
        onClose={() => onParamsChange({ item: undefined })}
      />
    </div>
  );
}

/** The choices in the sheet that the bar's chips do not show: the view and full text. */
function otherChoices(params: BrowseParams) {
  return (params.view === 'list' ? 1 : 0) + (params.text === 'full' ? 1 : 0);
}

function FiltersButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:border-blue-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
    >
      <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
        <path d="M3 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm2 5a1 1 0 0 1 1-1h8a1 1 0 1 1 0 2H6a1 1 0 0 1-1-1Zm3 5a1 1 0 0 1 1-1h2a1 1 0 1 1 0 2H9a1 1 0 0 1-1-1Z" />
      </svg>
      Filters
      {count > 0 && (
        <span className="rounded-full bg-blue-700 px-1.5 text-xs font-semibold text-white">
          {count}
          <span className="sr-only"> set</span>
        </span>
      )}
    </button>
  );
}
