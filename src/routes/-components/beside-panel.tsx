/**
 * A matched standard (another framework's, through the crosswalk) read beside the open
 * one, without leaving the framework: the open standard stays on top, in full, with the
 * way back; the match follows with all its details. The view (tree, filters) is untouched,
 * and Back in the browser returns too (the match is in the address as `peek=`).
 */
import { ViewLink } from './view-link';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { itemOptions } from '../../api/standards';
import { RichText } from '../../components/rich-text/rich-text';
import { useApiSource } from '../../lib/api-source';
import { ItemDetailPanel } from './item-detail-panel';
import { commonName } from '../../lib/alignment';
import { ConnectionLink } from '../../features/connections/connection-link';

export interface BesidePanelProps {
  itemId: string;
  peekId: string;
}

export function BesidePanel({ itemId, peekId }: BesidePanelProps) {
  const source = useApiSource();
  const current = useQuery(itemOptions(source, itemId)).data;
  const match = useQuery(itemOptions(source, peekId)).data;
  const where = match && commonName(match.jurisdiction);
  const back = useRef<HTMLAnchorElement>(null);
  const top = useRef<HTMLElement>(null);
  // The link that opened the match is gone: the way back takes the focus, and the panel's top
  // comes into view once it is laid out (the match was opened from far down the details).
  useEffect(() => {
    back.current?.focus({ preventScroll: true });
    const box = top.current?.getBoundingClientRect();
    if (box && (box.top < 0 || box.top > window.innerHeight - 80)) top.current!.scrollIntoView({ block: 'start' });
  }, [peekId]);
  const code = current?.statementCode ?? 'the standard';
  return (
    <div className="space-y-3">
      <section
        ref={top}
        aria-label={`Open standard, ${code}`}
        className="rounded-xl border border-blue-200 bg-blue-50/60 p-4 text-sm dark:border-blue-900 dark:bg-blue-950/40"
      >
        <ViewLink ref={back} change={{ peek: undefined }} className="font-medium text-blue-700 underline dark:text-blue-300">
          ← Back to {code}
        </ViewLink>
        {current && (
          <p className="mt-2 text-slate-800 dark:text-slate-200">
            {current.statementCode && <bdi className="mr-1.5 font-mono font-semibold">{current.statementCode}</bdi>}
            <RichText text={current.description} inline lang={current.inLanguage} />
          </p>
        )}
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          Its match{where ? ` in ${where}` : ''}, in full, below.{' '}
          {match && (
            <ConnectionLink standard={match} subject={match.academicSubject} className="text-blue-700 underline dark:text-blue-300">
              Open it in its framework
            </ConnectionLink>
          )}
        </p>
      </section>
      <ItemDetailPanel
        itemId={peekId}
        permalink={`${location.origin}/items/${peekId}`}
        renderChildLink={(child, content) => (
          <ViewLink change={{ peek: child.caseIdentifierUUID }} className="hover:underline">
            {content}
          </ViewLink>
        )}
      />
    </div>
  );
}
