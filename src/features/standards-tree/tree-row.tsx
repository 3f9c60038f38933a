import { describeError } from '../../lib/describe-error';
import { excerpt } from '../../lib/excerpt';
import { itemName } from '../../lib/item-name';
import { formatGrades } from '../../lib/format';
import { Badge } from '../../components/ui/badge';
import type { StandardsItem } from '../../../contract/schemas';
import type { TreeRow } from '../../../contract/outline/flatten-tree';
import { CheckIcon, ChevronIcon } from '../../components/ui/icons';
import { memo, useEffect, useRef, useState } from 'react';
import { plainOrTypeset } from '../../components/rich-text/text-when-seen';
import { whenSeenStill } from '../../lib/when-seen-still';

/** The height of a one-line row; a standard's row grows with its text (measured by the tree). */
export const ROW_HEIGHT = 44;
/** "Full text" (or a row's "more") shows all of a text, up to this many characters. */
const FULL_TEXT_CHARS = 3000;
/**
 * How much of a text a row shows before "more": on a phone ten lines, which hold the whole
 * text of about 19 in 20 standards of the real frameworks (median 159 characters, p95 387,
 * at 30–40 characters a line); on wider screens, where a row sits beside the details, three.
 */
const CLAMP = 'line-clamp-10 max-h-60 sm:line-clamp-3 sm:max-h-18';
const CLAMP_CHARS = 700;

export interface TreeRowViewProps {
  row: TreeRow;
  focused: boolean;
  selected: boolean;
  onToggle: (id: string) => void;
  onActivate: (row: TreeRow) => void;
  onFocusRow: (key: string) => void;
  /** aria-checked, for rows that can be ticked (the set being edited). */
  checked?: boolean;
  /** A clickable checkbox (or radio) mark before the text, for mouse users. */
  mark?: { round: boolean; on: boolean; onClick: () => void };
  /** The whole text, however long (the "Full text" choice, or this row's own "more"). */
  fullText?: boolean;
  /** Shows this row's whole text: the "more" at the end of a clamped text. */
  onShowText?: (key: string) => void;
  /** Badges the width has room for: none on a phone, the type from `sm`, the grade too from `md`. */
  badges: 0 | 1 | 2;
  /** No row of the tree opens (the List view): no room is kept for an opener. */
  flat?: boolean;
}

/**
 * One row. Memoized: as the page scrolls only the rows coming into view render, not every
 * row on screen (a phone's CPU scrolls a whole framework without a long task).
 */
export const TreeRowView = memo(function TreeRowView({
  row,
  focused,
  selected,
  checked,
  onToggle,
  onActivate,
  onFocusRow,
  mark,
  fullText,
  onShowText,
  badges,
  flat,
}: TreeRowViewProps) {
  // Levels step in less on a phone, so a standard five levels down keeps room for its text.
  const indent = { paddingLeft: `calc(${row.level - 1} * var(--tree-indent) + 0.5rem)` };
  const common = {
    role: 'treeitem' as const,
    'aria-level': row.level,
    'aria-posinset': row.posinset,
    'aria-setsize': row.setsize,
    'data-key': row.key,
    tabIndex: focused ? 0 : -1,
    onFocus: () => onFocusRow(row.key),
    className:
      'w-full cursor-pointer gap-2 overflow-hidden border-b border-slate-100 pr-3 text-sm outline-none focus-visible:bg-blue-50 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-600 dark:border-slate-800/70 dark:focus-visible:bg-blue-950 ' +
      (selected ? 'bg-blue-50 dark:bg-blue-950/60 ' : 'hover:bg-slate-50 dark:hover:bg-slate-800/50 '),
  };

  if (row.kind !== 'item') {
    const text = {
      loading: 'Loading…',
      offline: 'Not available offline',
      more: row.kind === 'more' && row.loading ? 'Loading more…' : 'Load more',
      error: row.kind === 'error' ? `Could not load: ${describeError(row.error).title} Press Enter to try again.` : '',
    }[row.kind];
    return (
      <div
        {...common}
        style={{ ...indent, height: ROW_HEIGHT }}
        className={`${common.className} flex items-center`}
        aria-busy={row.kind === 'loading' || undefined}
        onClick={() => onActivate(row)}
      >
        <span className="w-7 shrink-0" aria-hidden />
        {row.kind === 'loading' ? (
          <span className="flex flex-1 items-center gap-2">
            <span className="sr-only">{text}</span>
            <span aria-hidden className="h-3 w-1/3 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
          </span>
        ) : (
          <span
            className={
              row.kind === 'error'
                ? 'text-red-700 dark:text-red-300'
                : row.kind === 'more'
                  ? 'font-medium text-blue-700 dark:text-blue-300'
                  : 'text-slate-600 dark:text-slate-400'
            }
          >
            {text}
          </span>
        )}
      </div>
    );
  }

  const { item } = row;
  // A List view row on a phone has nothing beside its text: a plain block, as a bare list's
  // row is (no flex layout to run for every row a flick brings in).
  const beside = row.expanded !== undefined || !flat || !!mark || badges > 0;
  return (
    <div
      {...common}
      // The text wraps: the row is as tall as its lines (at least one line's height).
      style={{ ...indent, minHeight: ROW_HEIGHT }}
      className={`${common.className} ${beside ? 'flex items-start' : 'block'} py-2.5 leading-6`}
      aria-expanded={row.expanded}
      aria-selected={selected}
      aria-checked={checked}
      aria-label={itemName(item) || 'Untitled item'}
      onClick={() => onActivate(row)}
    >
      {row.expanded === undefined ? (
        !flat && <span className="w-7 shrink-0" aria-hidden />
      ) : (
        // Pointer affordance only: keyboard users expand with the arrow keys. 28 px square: a
        // thumb's target (WCAG 2.2 asks 24) beside the row's own.
        <span
          aria-hidden
          data-target="expand"
          onClick={(e) => {
            e.stopPropagation();
            onToggle(item.caseIdentifierUUID);
          }}
          className="-my-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:hover:bg-slate-700 dark:hover:text-white"
        >
          <ChevronIcon open={!!row.expanded} className="h-4 w-4" />
        </span>
      )}
      {mark && (
        // Pointer affordance; keyboard users tick with Space (or choose with Enter in the picker).
        // The box is drawn at 18 px inside a 28 px target.
        <span
          aria-hidden
          data-target="tick"
          onClick={(e) => {
            e.stopPropagation();
            mark.onClick();
          }}
          className="-my-0.5 flex h-7 w-7 shrink-0 items-center justify-center"
        >
          <span
            className={`flex h-4.5 w-4.5 items-center justify-center border-2 ${mark.round ? 'rounded-full' : 'rounded'} ${
              mark.on ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-400 dark:border-slate-500'
            }`}
          >
            {mark.on && <CheckIcon className="h-3 w-3" />}
          </span>
        </span>
      )}
      <RowText item={item} rowKey={row.key} fullText={fullText} onShowText={onShowText} />
      {/* Badges give way to the text on narrow screens (not drawn at all there); the detail repeats them. */}
      {badges >= 1 && item.statementType && <Badge className="mt-0.5">{item.statementType}</Badge>}
      {badges >= 2 && item.gradeLevel && (
        <Badge tone="blue" className="mt-0.5">
          {formatGrades(item.gradeLevel)}
        </Badge>
      )}
    </div>
  );
}, sameRow);

/** The mark's click handler is made anew each render for the same row: its look decides. */
function sameRow(a: TreeRowViewProps, b: TreeRowViewProps) {
  return (
    a.row === b.row &&
    a.focused === b.focused &&
    a.selected === b.selected &&
    a.checked === b.checked &&
    a.fullText === b.fullText &&
    a.onToggle === b.onToggle &&
    a.onActivate === b.onActivate &&
    a.onFocusRow === b.onFocusRow &&
    a.onShowText === b.onShowText &&
    a.badges === b.badges &&
    a.flat === b.flat &&
    a.mark?.on === b.mark?.on &&
    a.mark?.round === b.mark?.round
  );
}

/**
 * The code opens the first line, the text wraps under it: up to CLAMP's lines (capped in
 * height too, as TeX size commands can make a line tall), or the whole text. A clamped text
 * ends in "more", which opens it on the row itself (keyboard users read it whole in the
 * details, or with "Full text"). Never more than its start is rendered, so a 100 KB text
 * costs no more than a short one.
 *
 * A row enters as plain text with the same meaning (math as readable symbols: 1/b, x²);
 * its math is typeset, and its clamp measured, once it is on screen and the page is still
 * (when-seen-still.ts): scrolling costs what a bare list of the same text costs.
 *
 * Memoized apart from its row: a page of the list arriving renumbers every row (its place
 * in the set), and that must not make every row on screen rebuild its text.
 */
const RowText = memo(function RowText({
  item,
  rowKey,
  fullText,
  onShowText,
}: {
  item: StandardsItem;
  rowKey: string;
  fullText?: boolean;
  onShowText?: (key: string) => void;
}) {
  const box = useRef<HTMLSpanElement>(null);
  const text = excerpt(item.description, fullText ? FULL_TEXT_CHARS : CLAMP_CHARS) ?? '';
  const [seen, setSeen] = useState<{ text: string; clamped: boolean } | null>(null);
  const finished = seen?.text === text ? seen : null;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    return whenSeenStill(el, () => setSeen({ text, clamped: !fullText && el.scrollHeight > el.clientHeight + 1 }));
  }, [text, fullText]);
  // One box holds the code and the text (isolated, in the item's language), and the "more"
  // over its last line: a row is three elements, near a bare list's two.
  return (
    <span
      ref={box}
      data-row-text
      lang={item.inLanguage ?? undefined}
      className={`relative block min-w-0 flex-1 break-words text-slate-700 [unicode-bidi:isolate] dark:text-slate-300 ${fullText ? '' : `${CLAMP} overflow-hidden`}`}
    >
      {item.statementCode && (
        <bdi className="mr-2 font-mono text-[13px] font-semibold text-slate-900 dark:text-slate-100">{item.statementCode}</bdi>
      )}
      {plainOrTypeset(text, !!finished, item.inLanguage)}
      {finished?.clamped && onShowText && (
        <span
          aria-hidden
          data-target="more"
          onClick={(e) => {
            e.stopPropagation();
            onShowText(rowKey);
          }}
          // Over the end of the last line, not a line of its own: the row keeps its clamped height.
          className="absolute right-0 bottom-0 flex h-6 items-center bg-linear-to-r from-transparent via-white via-30% to-white pl-8 font-medium text-blue-700 hover:underline dark:via-slate-900 dark:to-slate-900 dark:text-blue-300"
        >
          Show all of it
        </span>
      )}
    </span>
  );
});
