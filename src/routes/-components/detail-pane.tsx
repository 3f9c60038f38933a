import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { StandardsItem } from '../../../contract/schemas';
import type { BrowseParams } from '../../lib/browse-params';

// The details (with export and its CSV library) load when an item is first opened.
const ItemDetailPanel = lazy(() => import('./item-detail-panel').then((m) => ({ default: m.ItemDetailPanel })));

export interface DetailPaneProps {
  frameworkId: string;
  framework: { caseIdentifierUUID: string; name: string | null };
  itemId: string | undefined;
  onReveal: (id: string, ancestors: StandardsItem[]) => void;
  onClose: () => void;
}

/** Beside the tree (below it on a phone): the chosen standard in full, or what to do. */
export function DetailPane({ frameworkId, framework, itemId, onReveal, onClose }: DetailPaneProps) {
  // On narrow screens the details sit below the tree: bring them into view when an item is
  // chosen; on wide ones too when they are out of sight (an item opened from the suggestions
  // for a text, which stand above the tree).
  const pane = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = pane.current?.getBoundingClientRect();
    const outOfSight = box !== undefined && (box.top > window.innerHeight || box.bottom < 0);
    if (itemId && (outOfSight || window.matchMedia('(max-width: 1023px)').matches))
      pane.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [itemId]);

  return (
    <div ref={pane} className="scroll-mt-4 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-auto">
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
          <ItemDetailPanel
            itemId={itemId}
            permalink={`${location.origin}/frameworks/${frameworkId}?item=${itemId}`}
            framework={framework}
            onReveal={(ancestors) => onReveal(itemId, ancestors)}
            onClose={onClose}
            renderChildLink={(child, content) => (
              <Link
                to="."
                search={(prev: BrowseParams) => ({ ...prev, item: child.caseIdentifierUUID })}
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
  );
}
