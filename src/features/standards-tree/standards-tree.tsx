/**
 * The virtualized ARIA tree: only the rows in view, rows made ready ahead of the scroll in
 * idle time (rows-ahead.ts), and the focused one are in the DOM, so a fully expanded
 * 1,467-item framework scrolls as fast as a short list.
 * It scrolls with the page (window-based virtualization), never in a box of its own: one
 * scroll on a phone, and the page's sticky bar stays in reach (decision 024).
 * Roving tabindex: one row is tabbable; arrow keys move focus between rows.
 */
import { useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { StandardsItem } from '../../../contract/schemas';
import type { TreeRow } from '../../../contract/outline/flatten-tree';
import { commandForKey } from './tree-keyboard';
import type { RowBehaviour } from './row-behaviour';
import { ROW_HEIGHT, TreeRowView } from './tree-row';
import { useMediaQuery } from '../../lib/use-media-query';
import { firstRowsDrawn } from '../../lib/after-first-rows';
import { coverScreen, stepToward, type Window as RowWindow } from './rows-ahead';
import { whenIdle } from '../../lib/when-idle';

/** Most standards take two lines beside the code at common widths. */
const ESTIMATED_ITEM_HEIGHT = 68;

export interface StandardsTreeProps {
  rows: TreeRow[];
  /** What choosing a row does (browse or pick): see row-behaviour.ts. */
  behaviour: RowBehaviour;
  /** Scrolled into view when it changes from outside (a search hit, "Reveal in tree"): the page scrolls to it. */
  revealId?: string;
  onToggle: (id: string) => void;
  onRetry: (parentId: string) => void;
  onLoadMore: (parentId: string) => void;
  /** Called when the last rows come into view (the list view loads its next page). */
  onEndReached?: () => void;
  footer?: React.ReactNode;
  /** Rows show their whole text, however long, not a phone's or a desktop's clamp. */
  fullText?: boolean;
  /** No row ever opens (the List view): rows keep no room for an opener. */
  flat?: boolean;
}

export function StandardsTree({
  rows,
  behaviour,
  revealId,
  onToggle,
  onRetry,
  onLoadMore,
  onEndReached,
  footer,
  fullText,
  flat,
}: StandardsTreeProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Tailwind's sm and md: asked once for the tree, not by every row.
  const sm = useMediaQuery('(min-width: 640px)');
  const md = useMediaQuery('(min-width: 768px)');
  const badges = md ? 2 : sm ? 1 : 0;
  const scrollMargin = useOffsetInPage(scrollRef);
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const focusedIndex = Math.max(
    0,
    rows.findIndex((r) => r.key === focusedKey),
  );
  const pendingFocus = useRef(false);
  // Rows whose whole text was asked for ("more"): kept here, as rows unmount when scrolled away.
  const [wholeTexts, setWholeTexts] = useState<ReadonlySet<string>>(() => new Set());
  const byKey = useMemo(() => new Map(rows.map((r) => [r.key, r])), [rows]);
  const ancestorsOf = (row: TreeRow): StandardsItem[] => {
    const chain: StandardsItem[] = [];
    for (let k = row.parentKey; k; k = byKey.get(k)?.parentKey ?? null) {
      const parent = byKey.get(k);
      if (parent?.kind === 'item') chain.unshift(parent.item);
    }
    return chain;
  };

  // When the selection changes from outside (a search result, "Reveal in tree"), bring it into view.
  const selectedIndex = revealId ? rows.findIndex((r) => r.kind === 'item' && r.item.caseIdentifierUUID === revealId) : -1;
  const lastRevealed = useRef<string | undefined>(undefined);
  const typed = useRef({ text: '', at: 0 });

  // Once per change of rows or selection, not on every scroll step (the rows may be thousands).
  const chosenIndex = useMemo(() => rows.findIndex((r) => r.kind === 'item' && behaviour.isSelected(r.item)), [rows, behaviour]);
  // The rows in the page: those on screen, and rows ahead of the scroll made in idle time (rows-ahead.ts).
  const kept = useRef<RowWindow | null>(null);
  const [keptVersion, setKeptVersion] = useState(0);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const w = (kept.current = coverScreen(kept.current, range));
      const indexes: number[] = [];
      for (let i = w.start; i <= w.end; i++) indexes.push(i);
      // Keep the focused row mounted even when scrolled away, so focus is never lost; and the
      // chosen one, so it is in the tree (selected, for assistive technology) wherever the page is.
      for (const keep of [focusedIndex, chosenIndex]) if (keep >= 0 && keep < rows.length && !indexes.includes(keep)) indexes.push(keep);
      return indexes.sort((a, b) => a - b);
    },
    // keptVersion: a new window made in idle time is asked for again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [focusedIndex, chosenIndex, rows.length, keptVersion],
  );

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    scrollMargin,
    // Rows are as tall as their text wraps: estimated, then measured as they render.
    estimateSize: (i) => (rows[i]?.kind === 'item' ? ESTIMATED_ITEM_HEIGHT : ROW_HEIGHT),
    getItemKey: (i) => rows[i]?.key ?? i,
    rangeExtractor,
    // Scrolling moves the rows by writing their positions, not by rendering the tree: React
    // renders only when rows enter or leave, and never inside the scroll event itself.
    directDomUpdates: true,
    directDomUpdatesMode: 'position',
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const down = useRef(true);
  // One slice per idle moment, after every render: the next is asked for once this one's rows are in.
  useEffect(() =>
    whenIdle(
      () => {
        const screen = virtualizer.range;
        if (!screen || !kept.current) return;
        if (virtualizer.scrollDirection) down.current = virtualizer.scrollDirection === 'forward';
        const next = stepToward(kept.current, { ...screen, overscan: 0, count: rows.length }, down.current);
        if (!next) return;
        kept.current = next;
        // Rendered, styled and laid out now, in this idle moment: the next scroll frame finds it done.
        flushSync(() => setKeptVersion((v) => v + 1));
        void scrollRef.current?.offsetHeight;
      },
      500,
      50,
    ),
  );
  // The virtualizer's callback refs: the tree's box (it writes its height) and each row (it measures them).
  const { containerRef, measureElement } = virtualizer;
  // While the page scrolls, rows that entered with this render are styled and laid out now,
  // in React's own task, not in the next scroll frame, which then only paints them: a
  // flick's work comes in two shorter tasks instead of one long one (decision 034). The
  // virtualizer does not measure new rows while the page scrolls, so nothing else asks for
  // this layout; at rest (a search typed, a branch opened) the frame lays out as before.
  useLayoutEffect(() => {
    if (virtualizer.isScrolling) void scrollRef.current?.offsetHeight;
  }, [items, virtualizer]);

  // Standards drawn (not the loading rows before them): what waits for the first screen may start.
  const drawn = rows[0]?.kind === 'item';
  useEffect(() => {
    if (drawn) firstRowsDrawn();
  }, [drawn]);

  const lastVisible = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (onEndReached && rows.length > 0 && lastVisible >= rows.length - 15) onEndReached();
  }, [lastVisible, rows.length, onEndReached]);

  // The revealed row stays in view while rows above it open (the outline opening itself to
  // a filter) or are measured, until the person scrolls or types in the tree.
  const pinned = useRef(false);
  const totalSize = virtualizer.getTotalSize();
  useEffect(() => {
    if (selectedIndex < 0) return;
    if (lastRevealed.current !== revealId) {
      lastRevealed.current = revealId;
      pinned.current = true;
    }
    // 'auto': the page moves only when the row is not already in view (a clicked row stays where it was).
    if (pinned.current) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, revealId, virtualizer, totalSize]);
  const unpin = () => {
    pinned.current = false;
  };

  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(rows[focusedIndex]?.key ?? '')}"]`);
    if (el) {
      pendingFocus.current = false;
      el.focus({ preventScroll: true });
    }
  });

  const activate = (row: TreeRow, byPointer = false) => {
    setFocusedKey(row.key);
    if (row.kind === 'item') behaviour.activate(row, ancestorsOf(row), { byPointer, toggle: onToggle });
    else if (row.kind === 'error') onRetry(row.parentId);
    else if (row.kind === 'more' && !row.loading) onLoadMore(row.parentId);
  };

  // Stable handlers, so rows already on screen do not render again as the page scrolls.
  const latestActivate = useRef(activate);
  useLayoutEffect(() => {
    latestActivate.current = activate;
  });
  const activateByPointer = useCallback((row: TreeRow) => latestActivate.current(row, true), []);
  const showWholeText = useCallback((key: string) => setWholeTexts((shown) => new Set(shown).add(key)), []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const now = performance.now();
    // Space selects, except inside a type-ahead word ("Grade 3").
    const typing = typed.current.text !== '' && now - typed.current.at < 600;
    const printable = e.key.length === 1 && (e.key !== ' ' || typing);
    if (printable) typed.current = { text: (now - typed.current.at < 600 ? typed.current.text : '') + e.key, at: now };
    const focusedRow = rows[focusedIndex];
    if (behaviour.checks && e.key === ' ' && !typing && focusedRow?.kind === 'item') {
      e.preventDefault();
      return behaviour.checks.toggle(focusedRow.item, ancestorsOf(focusedRow));
    }
    const command = commandForKey(printable ? 'type' : e.key, rows, focusedIndex, printable ? typed.current.text : '');
    if (!command) return;
    e.preventDefault();
    const row = rows[command.index]!;
    if (command.type === 'focus') {
      setFocusedKey(row.key);
      pendingFocus.current = true;
      virtualizer.scrollToIndex(command.index, { align: 'auto' });
    } else if (command.type === 'toggle' && row.kind === 'item') {
      onToggle(row.item.caseIdentifierUUID);
    } else if (command.type === 'activate') {
      activate(row);
    }
  };

  useEffect(() => {
    // The page scrolls now, not a box: any scroll by the person ends the pin.
    const byPerson = () => {
      pinned.current = false;
    };
    window.addEventListener('wheel', byPerson, { passive: true });
    window.addEventListener('touchstart', byPerson, { passive: true });
    return () => {
      window.removeEventListener('wheel', byPerson);
      window.removeEventListener('touchstart', byPerson);
    };
  }, []);

  return (
    <div
      ref={scrollRef}
      onPointerDown={unpin}
      onKeyDown={unpin}
      // On a phone the rows run edge to edge (the page lends its margins, see framework-page.tsx): every pixel goes to the text.
      className="rounded-xl border border-slate-200 bg-white max-sm:rounded-none max-sm:border-x-0 dark:border-slate-800 dark:bg-slate-900"
    >
      <div
        id="standards-tree"
        role="tree"
        aria-label="Standards"
        aria-multiselectable={behaviour.multiselectable || undefined}
        onKeyDown={onKeyDown}
        ref={containerRef}
        // Levels step in by --tree-indent: declared once here, not by every row.
        className="[--tree-indent:0.625rem] sm:[--tree-indent:1.25rem]"
        style={{ position: 'relative' }}
      >
        {items.map((v) => {
          const row = rows[v.index]!;
          return (
            <div
              key={row.key}
              data-index={v.index}
              ref={measureElement}
              // `top` is written by the virtualizer as rows are measured and the page scrolls. A
              // box of its own: each write restyles this bare box, not the row and its classes.
              style={{ position: 'absolute', left: 0, right: 0 }}
              role="none"
            >
              <TreeRowView
                row={row}
                focused={v.index === focusedIndex}
                selected={row.kind === 'item' && behaviour.isSelected(row.item)}
                checked={behaviour.checks && row.kind === 'item' ? behaviour.checks.isChecked(row.item) : undefined}
                mark={row.kind === 'item' ? behaviour.mark?.(row, ancestorsOf(row)) : undefined}
                onToggle={onToggle}
                onActivate={activateByPointer}
                onFocusRow={setFocusedKey}
                fullText={fullText || wholeTexts.has(row.key)}
                flat={flat}
                onShowText={showWholeText}
                badges={badges}
              />
            </div>
          );
        })}
      </div>
      {footer}
    </div>
  );
}

/**
 * Where the tree starts in the page: the window virtualizer counts rows from there. It moves
 * when what stands above changes height (details opening above the tree on a phone, a notice).
 */
function useOffsetInPage(ref: React.RefObject<HTMLElement | null>) {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (el) setOffset(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}
