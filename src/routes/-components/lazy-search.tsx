/**
 * A framework's search box (the framework page's, the picker's) whose code comes after the
 * first screen: until it arrives this is a plain box (with the same order choice and neighbours, so nothing moves) that keeps
 * what is typed and hands it, with the focus, to the real search. The code loads on the
 * first hover or focus, or, with `preload`, on its own once the first rows are drawn.
 */
import { useEffect, useState } from 'react';
import { searchField } from '../../components/ui/classes';
import type { FrameworkSearchProps } from '../../features/search/framework-search';
import { OrderChoice } from '../../features/search/order-choice';
import { SEARCH_LABEL, SEARCH_PLACEHOLDER } from '../../components/ui/search-box-text';
import { afterFirstRows } from '../../lib/after-first-rows';

type Search = typeof import('../../features/search/framework-search').FrameworkSearch;
let loaded: Search | null = null;
let loading: Promise<Search> | null = null;
const loadSearch = () =>
  (loading ??= import('../../features/search/framework-search').then(
    (m) => (loaded = m.FrameworkSearch),
    (e: unknown) => {
      loading = null;
      throw e;
    },
  ));

export type LazySearchProps = Omit<FrameworkSearchProps, 'initialText' | 'initialWholeJurisdiction' | 'autoFocus'> & {
  /** Load the search's code once the first rows are drawn, not only when the box is touched. */
  preload?: boolean;
};

export function LazySearch({ preload, ...props }: LazySearchProps) {
  const [Search, setSearch] = useState<Search | null>(() => loaded);
  const [draft, setDraft] = useState('');
  const [focused, setFocused] = useState(false);
  const [failed, setFailed] = useState(false);
  const [whole, setWhole] = useState(false);

  const load = () => {
    if (Search) return;
    setFailed(false);
    loadSearch().then(
      (s) => setSearch(() => s),
      () => setFailed(true),
    );
  };
  useEffect(() => {
    if (!preload || loaded) return;
    return afterFirstRows(() =>
      loadSearch().then(
        (s) => setSearch(() => s),
        () => {}, // said when the person touches the box
      ),
    );
  }, [preload]);

  if (Search) return <Search {...props} initialText={draft} initialWholeJurisdiction={whole} autoFocus={focused} />;
  const { compact, beside, order, onOrderChange, orderElsewhere, framework, picker } = props;
  return (
    <div className={compact && !failed ? undefined : 'space-y-1'}>
      <div className={`flex items-center gap-3 ${compact ? 'gap-2' : 'flex-wrap'}`}>
        <label className={`flex flex-1 items-center gap-2 text-sm font-medium ${compact ? 'min-w-0' : 'min-w-64'}`}>
          <span className="sr-only">{SEARCH_LABEL}</span>
          <input
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onPointerEnter={load}
            onFocus={() => {
              setFocused(true);
              load();
            }}
            onBlur={() => setFocused(false)}
            placeholder={SEARCH_PLACEHOLDER}
            className={searchField}
          />
        </label>
        {!compact && !orderElsewhere && onOrderChange && <OrderChoice order={order ?? 'best'} onChange={onOrderChange} />}
        {!compact && framework.jurisdiction && !picker && (
          <label className="flex min-h-8 items-center gap-1.5 text-sm">
            <input type="checkbox" className="h-4.5 w-4.5" checked={whole} onChange={(e) => setWhole(e.target.checked)} />
            All {framework.jurisdiction} frameworks
          </label>
        )}
        {beside}
      </div>
      {/* As the search's own status: a compact box keeps no empty line, nor gap, for it. */}
      <p role="status" className={`text-xs text-slate-600 dark:text-slate-400 ${compact && !failed ? 'sr-only' : 'min-h-5'}`}>
        {failed ? 'Search could not be loaded. Check the connection, then click the box again.' : ''}
      </p>
    </div>
  );
}
