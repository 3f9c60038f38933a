import { ViewLink } from './view-link';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { COMPACT_LAYOUT, useMediaQuery } from '../../lib/use-media-query';
import { useStickyTop } from '../../lib/use-sticky-top';
import type { StandardsItem } from '../../../contract/schemas';

// The details (with export and its CSV library) load when an item is first opened.
const ItemDetailPanel = lazy(() => import('./item-detail-panel').then((m) => ({ default: m.ItemDetailPanel })));
const BesidePanel = lazy(() => import('./beside-panel').then((m) => ({ default: m.BesidePanel })));

export interface DetailPaneProps {
  className?: string;
  framework: { caseIdentifierUUID: string; name: string | null };
  itemId: string | undefined;
  /** A matched standard read beside the open one (`peek=`). */
  peekId?: string;
  onReveal: (id: string, ancestors: StandardsItem[]) => void;
  onClose: () => void;
}

/** The view as the address holds it (framework, filters, view, the item), without the notice about a mended link. */
function viewLink() {
  const url = new URL(location.href);
  url.searchParams.delete('fixed');
  return url.href;
}

/** Beside the search, filters and tree (above them on a phone): the chosen standard in full, or what to do. */
export function DetailPane({ className = '', framework, itemId, peekId, onReveal, onClose }: DetailPaneProps) {
  // A standard chosen while its details' top is out of sight (a row tapped far down a phone's
  // tree, a suggestion for a text) brings them into view. Not on arrival: a shared link opens
  // at the top of the page, where the framework's name and the standard are.
  const pane = useRef<HTMLDivElement>(null);
  // It sticks beside the tree from Tailwind's lg, as its classes say.
  useStickyTop(pane, itemId, !useMediaQuery(COMPACT_LAYOUT));
  const arrived = useRef(false);
  useEffect(() => {
    const first = !arrived.current;
    arrived.current = true;
    const box = pane.current?.getBoundingClientRect();
    // On a phone the details stand above the tree: their top must show. Beside the tree they
    // stick to the window's top, so only details wholly out of sight move the page.
    const narrow = window.matchMedia('(max-width: 1023px)').matches;
    const outOfSight =
      box !== undefined && (narrow ? box.top < 0 || box.top > window.innerHeight - 80 : box.top > window.innerHeight || box.bottom < 0);
    if (itemId && !first && outOfSight) pane.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    // A match opened beside brings its own panel into view once laid out (beside-panel.tsx).
  }, [itemId]);

  return (
    <div ref={pane} className={`scroll-mt-4 lg:sticky lg:top-(--sticky-top) lg:self-start ${itemId ? '' : 'hidden lg:block'} ${className}`}>
      {itemId ? (
        <Suspense
          fallback={
            <div
              role="status"
              aria-label="Loading the standard"
              className="h-64 animate-pulse rounded-xl bg-slate-200/70 dark:bg-slate-800"
            />
          }
        >
          {peekId ? (
            <BesidePanel itemId={itemId} peekId={peekId} />
          ) : (
            <ItemDetailPanel
              itemId={itemId}
              permalink={viewLink}
              pageLink={`${location.origin}/items/${itemId}`}
              framework={framework}
              onReveal={(ancestors) => onReveal(itemId, ancestors)}
              onClose={onClose}
              renderChildLink={(child, content) => (
                <ViewLink change={{ item: child.caseIdentifierUUID }} className="hover:underline">
                  {content}
                </ViewLink>
              )}
              openBeside={(standard, content) => (
                <ViewLink change={{ peek: standard.caseIdentifierUUID }} className="text-blue-700 underline dark:text-blue-300">
                  {content}
                </ViewLink>
              )}
            />
          )}
        </Suspense>
      ) : (
        // On a phone the hint would stand above the tree it speaks of: there the tree says enough.
        <p className="hidden rounded-xl border border-dashed border-slate-300 p-6 lg:block text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          Select a standard to read it in full, copy its code and text, or share a link to it.
        </p>
      )}
    </div>
  );
}
