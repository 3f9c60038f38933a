import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { Framework } from '../../../contract/schemas';
import { frameworkIndexOptions } from '../../api/standards';
import { describeError } from '../../lib/describe-error';
import { useApiSource } from '../../lib/api-source';
import { looksLikeCode } from '../../lib/code-query';
import { searchField } from '../../components/ui/classes';
import { SEARCH_LABEL, SEARCH_PLACEHOLDER } from '../../components/ui/search-box-text';
import { SearchResult } from './search-result';
import { AddAllToSet } from '../../components/add-all-to-set';
import { setEntries } from '../../api/set-entries';
import { useDebounced } from '../../lib/use-debounced';
import { MAX_RESULTS, searchOptions, type SearchHit, type SearchOrder } from '../../api/search';
import { bestToOpen } from '../../api/search-hits';
import { OrderChoice } from './order-choice';
import { CODE_PAUSE_MS, WORDS_PAUSE_MS } from './typing-pauses';
import { describeFilters, isFiltering, matchesFilters, type ItemFilters } from '../../lib/item-filters';

const PAGE = 20;

export interface FrameworkSearchProps {
  framework: Framework;
  onOpen: (hit: SearchHit) => void;
  /**
   * The embed's picker: results only from this framework (what is picked carries its
   * name), each showing whether it is chosen; choosing one keeps the results open.
   */
  picker?: { isPicked: (id: string) => boolean };
  initialText?: string;
  /** "All of the jurisdiction's frameworks" as ticked before the search arrived (lazy-search.tsx). */
  initialWholeJurisdiction?: boolean;
  autoFocus?: boolean;
  /**
   * The page's grade, subject and type filters: results honour them, with "search all
   * grades" one click away, and all grades are searched (and said) when nothing matches.
   */
  filters?: ItemFilters;
  /** Best match first (default) or outline order; kept by the page (in its URL) when it passes onOrderChange. */
  order?: SearchOrder;
  onOrderChange?: (order: SearchOrder) => void;
  /**
   * The phone's compact bar: the search's options (order, the jurisdiction's frameworks)
   * show only while searching, and `beside` (the Filters button) sits by the box.
   */
  compact?: boolean;
  beside?: React.ReactNode;
  /** The picker in a short frame shows the order behind its Options button, not under the box. */
  orderElsewhere?: boolean;
}

/**
 * Find by code or words in the open framework (or all of its jurisdiction). Enter opens
 * the first result; Down moves into the results, Up/Down between them, Escape back.
 */
export function FrameworkSearch({
  framework,
  onOpen,
  picker,
  initialText = '',
  initialWholeJurisdiction = false,
  autoFocus,
  filters,
  compact,
  beside,
  orderElsewhere,
  ...props
}: FrameworkSearchProps) {
  const source = useApiSource();
  const [text, setText] = useState(initialText);
  const [ownOrder, setOwnOrder] = useState<SearchOrder>('best');
  const order = props.onOrderChange ? (props.order ?? 'best') : ownOrder;
  const setOrder = props.onOrderChange ?? setOwnOrder;
  const [wholeJurisdiction, setWholeJurisdiction] = useState(initialWholeJurisdiction);
  // A request per pause in typing, not per key: codes are cheap to look up, words cost more.
  const query = useDebounced(text.trim(), looksLikeCode(text) ? CODE_PAUSE_MS : WORDS_PAUSE_MS);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const ids = { results: useId(), status: useId() };
  const client = useQueryClient();
  // The framework's own list: only where the service cannot search the framework, and offline.
  const loadIndex = () => client.fetchQuery(frameworkIndexOptions(source, framework.caseIdentifierUUID));
  // "Search all grades" holds for the filters it was chosen under; new filters are honoured again.
  const filterWords = filters && isFiltering(filters) ? describeFilters(filters) : '';
  const [widened, setWidened] = useState({ under: '', on: false });
  const chosenWide = filterWords !== '' && widened.under === filterWords && widened.on;
  const scope = { framework, wholeJurisdiction: wholeJurisdiction && !picker, loadIndex };
  const narrow = useQuery({
    ...searchOptions(source, query, { ...scope, filters: filterWords && !chosenWide ? filters : undefined }, order),
    enabled: query.length > 0,
  });
  // Nothing within the filters: every grade is searched, and the status says so.
  const fellBack = filterWords !== '' && !chosenWide && narrow.isSuccess && narrow.data.hits.length === 0;
  const wide = useQuery({ ...searchOptions(source, query, scope, order), enabled: fellBack && query.length > 0 });
  const search = fellBack ? wide : narrow;
  const allHits = search.data?.hits ?? [];
  const outsideFilters = filterWords !== '' && (chosenWide || fellBack);
  // Results show 20 at a time; a new query starts again at 20.
  const [shown, setShown] = useState({ query, count: PAGE });
  const count = shown.query === query ? shown.count : PAGE;
  const hits = allHits.slice(0, count);
  const isCode = looksLikeCode(query);

  const open = (hit: SearchHit) => {
    onOpen(hit);
    if (!picker) setText('');
  };
  const focusResult = (i: number) => list.current?.querySelectorAll<HTMLButtonElement>('[data-search-result]')[i]?.focus();
  const onInputKey = (e: React.KeyboardEvent) => {
    const best = bestToOpen(allHits, query);
    if (e.key === 'Enter' && best) open(best);
    else if (e.key === 'ArrowDown' && hits.length) focusResult(0);
    else if (e.key === 'Escape') setText('');
    else return;
    e.preventDefault();
  };
  const onResultKey = (i: number) => (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') focusResult(Math.min(i + 1, hits.length - 1));
    else if (e.key === 'ArrowUp' && i === 0) input.current?.focus();
    else if (e.key === 'ArrowUp') focusResult(i - 1);
    else if (e.key === 'Escape') input.current?.focus();
    else return;
    e.preventDefault();
  };

  const found = `${allHits.length === 0 ? 'No' : allHits.length}${allHits.length >= MAX_RESULTS ? ' or more' : ''} ${allHits.length === 1 ? 'result' : 'results'}`;
  const where = fellBack
    ? ` in all grades (none in ${filterWords})`
    : chosenWide
      ? ' in all grades'
      : filterWords
        ? ` in ${filterWords}`
        : '';
  const status = !query
    ? ''
    : search.isPending || query !== text.trim()
      ? 'Searching…'
      : search.isError
        ? `Search failed. ${describeError(search.error).title}`
        : `${found}${isCode ? ' for the code' : ''}${where}${hits.length < allHits.length ? `, showing ${hits.length}` : ''}${!isCode && allHits.length > 1 ? (search.data?.order === 'outline' ? ', in outline order' : ', best match first') : ''}`;
  const widen = (on: boolean) => {
    setWidened({ under: filterWords, on });
    input.current?.focus();
  };

  const options = (
    <>
      <OrderChoice order={order} onChange={setOrder} disabled={isCode} />
      {framework.jurisdiction && !picker && (
        <label className="flex min-h-8 items-center gap-1.5 text-sm">
          <input
            type="checkbox"
            className="h-4.5 w-4.5"
            checked={wholeJurisdiction}
            onChange={(e) => setWholeJurisdiction(e.target.checked)}
          />
          All {framework.jurisdiction} frameworks
        </label>
      )}
    </>
  );
  return (
    // data-searching: a sticky bar around the search lets go while results show (they scroll with the page).
    // A compact bar with nothing typed shows only the box: no gap under it for the unseen status.
    <div className={compact && !query ? undefined : 'space-y-1'} data-searching={query ? '' : undefined}>
      <div className={`flex items-center gap-3 ${compact ? 'gap-2' : 'flex-wrap'}`}>
        <label className={`flex flex-1 items-center gap-2 text-sm font-medium ${compact ? 'min-w-0' : 'min-w-64'}`}>
          <span className="sr-only">{SEARCH_LABEL}</span>
          <input
            ref={input}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onInputKey}
            autoFocus={autoFocus}
            placeholder={SEARCH_PLACEHOLDER}
            aria-controls={query && hits.length > 0 ? ids.results : undefined}
            aria-describedby={ids.status}
            className={searchField}
          />
        </label>
        {!compact && options}
        {beside}
      </div>
      {compact && query && !orderElsewhere && <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-1">{options}</div>}
      {/* The compact bar keeps no empty line for a status it does not have yet (the status itself stays, for screen readers). */}
      <div
        className={`flex flex-wrap items-baseline gap-x-3 text-xs text-slate-600 dark:text-slate-400 ${compact && !query ? 'sr-only' : 'min-h-5'}`}
      >
        <p id={ids.status} role="status">
          {status}
        </p>
        {!picker && query && hits.length > 1 && (
          <AddAllToSet
            key={`${query}:${hits.length}`}
            label={`Add these ${hits.length} to the set`}
            load={() =>
              setEntries(
                client,
                source,
                hits.map((h) => ({
                  caseIdentifierUUID: h.caseIdentifierUUID,
                  // Across a jurisdiction's frameworks each result's own framework is looked up.
                  frameworkCaseIdentifierUUID: wholeJurisdiction ? null : framework.caseIdentifierUUID,
                })),
              )
            }
          />
        )}
        {query && filterWords && !fellBack && search.isSuccess && (
          <button type="button" onClick={() => widen(!chosenWide)} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
            {chosenWide ? `Only ${filterWords}` : filters!.grades.length ? 'Search all grades' : 'Search without the filters'}
          </button>
        )}
      </div>
      {query && hits.length > 0 && (
        <ul
          ref={list}
          id={ids.results}
          aria-label="Search results"
          // In the page's flow, not a box that scrolls on its own: the results push the tree down and
          // scroll with the page (one scroll, decision 024).
          className="w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
        >
          {hits.map((hit, i) => (
            <SearchResult
              key={hit.caseIdentifierUUID}
              hit={hit}
              // A code search marks no words: "1" of 3.NF.A.1 is not a word the teacher looked for.
              query={isCode ? '' : query}
              outside={outsideFilters && filters ? !!hit.item && !matchesFilters(hit.item, filters) : false}
              framework={framework}
              onOpen={() => open(hit)}
              onKeyDown={onResultKey(i)}
              picked={picker?.isPicked(hit.caseIdentifierUUID)}
            />
          ))}
          {hits.length < allHits.length && (
            <li className="px-2 py-2">
              <button
                type="button"
                onClick={() => setShown({ query, count: count + PAGE })}
                className="w-full rounded-md py-1.5 text-sm font-medium text-blue-700 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-blue-950"
              >
                Show {Math.min(PAGE, allHits.length - hits.length)} more results
              </button>
            </li>
          )}
          {allHits.length >= MAX_RESULTS && hits.length === allHits.length && (
            <li className="px-2 py-2 text-xs text-slate-600 dark:text-slate-400">
              These are the {MAX_RESULTS} best matches; add words or a code to narrow the search.
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
