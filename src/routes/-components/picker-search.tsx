/**
 * The picker's search box. The search code loads on the first hover or focus, not with
 * the picker, so the embed stays small; until then this is a plain box that keeps what
 * is typed and hands it, with the focus, to the real search when it arrives.
 */
import { useState } from 'react';
import { searchField } from '../../components/ui/classes';
import type { FrameworkSearchProps } from '../../features/search/framework-search';
import { SEARCH_LABEL, SEARCH_PLACEHOLDER } from '../../components/ui/search-box-text';

type Search = typeof import('../../features/search/framework-search').FrameworkSearch;
let loaded: Search | null = null;

export type PickerSearchProps = Omit<FrameworkSearchProps, 'initialText' | 'autoFocus'>;

export function PickerSearch(props: PickerSearchProps) {
  const [Search, setSearch] = useState<Search | null>(() => loaded);
  const [draft, setDraft] = useState('');
  const [focused, setFocused] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = () => {
    if (Search) return;
    setFailed(false);
    import('../../features/search/framework-search').then(
      (m) => {
        loaded = m.FrameworkSearch;
        setSearch(() => m.FrameworkSearch);
      },
      () => setFailed(true),
    );
  };

  if (Search) return <Search {...props} initialText={draft} autoFocus={focused} />;
  return (
    <div className={props.compact && !failed ? undefined : 'space-y-1'}>
      <label className="block">
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
      {/* As the search's own status: a compact box keeps no empty line, nor gap, for it. */}
      <p role="status" className={props.compact && !failed ? 'sr-only' : 'min-h-5 text-xs text-slate-600 dark:text-slate-400'}>
        {failed ? 'Search could not be loaded. Check the connection, then click the box again.' : ''}
      </p>
    </div>
  );
}
