import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { frameworkSubjects, useFramework } from '../../api/frameworks';
import { useApiSource } from '../../lib/api-source';
import { useItemFilters } from '../../lib/item-filters';
import { primaryButton } from '../../components/ui/classes';
import { AttributionFooter } from '../../components/attribution-footer';
import { BrowseFilters } from '../../features/standards-tree/browse-filters';
import { ListView } from '../../features/standards-tree/list-view';
import { OutlineView } from '../../features/standards-tree/outline-view';
import { browseRows, pickRows } from '../../features/standards-tree/row-behaviour';
import { preselectedIds, type EmbedParams } from '../../features/embed/embed-params';
import { CAPABILITIES, SKILLS_CAPABILITY, type EmbedItem, type IncomingMessage } from '../../features/embed/embed-protocol';
import { sendingSkills } from '../../features/embed/embed-skills';
import { openHostChannel, type HostChannel } from '../../features/embed/host-channel';
import { openLtiReturn } from '../../features/embed/lti-return';
import type { SearchHit } from '../../api/search';
import { PickerSearch } from './picker-search';
import { SelectedTray } from '../../features/embed/selected-tray';
import { useEmbedSelection } from '../../features/embed/use-embed-selection';
import { useSelectionCount } from '../../features/embed/use-selection-count';
import { useReportHeight } from '../../features/embed/use-report-height';
import { AlignToggle } from '../../features/align/align-toggle';
import { itemOptions } from '../../api/standards';
import type { AlignHit } from '../../api/align';

// Loaded when first opened, so the embed stays small.
const AlignPanel = lazy(() => import('../../features/align/align-panel').then((m) => ({ default: m.AlignPanel })));

export interface EmbedPickerProps {
  frameworkId: string;
  params: EmbedParams;
  problems: string[];
  onParamsChange: (change: Partial<EmbedParams>) => void;
}

/** The standards picker an LMS page embeds: browse, choose, and tell the host. */
export function EmbedPicker({ frameworkId, params, problems, onParamsChange }: EmbedPickerProps) {
  const source = useApiSource();
  const mode = params.mode ?? 'single';
  const withSkills = params.skills === 'true';
  const client = useQueryClient();
  const origins = useMemo(() => params.origin ?? [], [params.origin]);
  const { framework: found, missing, isPending } = useFramework(source, frameworkId);
  const framework = useMemo(() => ({ name: found?.name ?? null, caseIdentifierUUID: frameworkId }), [found?.name, frameworkId]);

  const channel = useRef<HostChannel | null>(null);
  const events = useMemo(
    () => ({
      onSelect: (item: EmbedItem) => channel.current?.send({ type: 'select', item }),
      onDeselect: (item: EmbedItem) => channel.current?.send({ type: 'deselect', item }),
      onChange: (items: EmbedItem[]) => channel.current?.send({ type: 'selection', items }),
    }),
    [],
  );
  const selection = useEmbedSelection(mode, framework, source, events);
  // Host messages read the latest selection without reopening the channel.
  const selectionRef = useRef(selection);
  useLayoutEffect(() => {
    selectionRef.current = selection;
  });

  // "Find standards for a text": opened by the teacher, or by the host with the text it is editing.
  const [aligning, setAligning] = useState(false);
  // Each text the host sends opens a fresh panel on it (its key).
  const [hostText, setHostText] = useState({ text: '', sent: 0 });
  const onHostMessage = useCallback(
    (message: IncomingMessage) => {
      if (message.type === 'alignText') {
        setHostText((before) => ({ text: message.text, sent: before.sent + 1 }));
        setAligning(true);
      } else if (message.type === 'setSelection') void selectionRef.current.setByIds(message.ids);
      else if (message.type === 'requestSelection') channel.current?.send({ type: 'selection', items: selectionRef.current.items });
      else {
        const change: Partial<EmbedParams> = {};
        if (message.grades) change.grades = message.grades;
        if (message.subject !== undefined) change.subject = message.subject ?? undefined;
        if (message.statementType !== undefined) change.type = message.statementType ?? undefined;
        if (message.view) change.view = message.view;
        onParamsChange(change);
      }
    },
    [onParamsChange],
  );

  // `ready` waits for the framework list, so every standard the host sets or the teacher
  // picks after it carries the framework's name (null only when the list failed to load).
  const settled = !isPending;
  useEffect(() => {
    if (!settled) return;
    const opened = params.lti ? openLtiReturn(params.lti) : openHostChannel(origins, onHostMessage);
    // A host that asked for skills gets each standard's with it (messages then wait for them, in order).
    channel.current = withSkills ? { ...opened, send: sendingSkills(client, source, opened.send) } : opened;
    opened.send({
      type: 'ready',
      capabilities: withSkills ? [...CAPABILITIES, SKILLS_CAPABILITY] : CAPABILITIES,
      mode,
      frameworkCaseIdentifierUUID: frameworkId,
    });
    return () => opened.close();
  }, [settled, origins, onHostMessage, mode, frameworkId, withSkills, client, source, params.lti]);

  // Preselected items from the URL, once the framework's name is known for their payload.
  const preselected = useRef(false);
  const [preselection, setPreselection] = useState<string | null>(null);
  useEffect(() => {
    if (preselected.current || !settled) return;
    preselected.current = true;
    void preselectedIds(params, window.location.hash).then(async (given) => {
      if ('problem' in given) setPreselection(given.problem);
      else if (given.ids.length) setPreselection(await selection.preselect(given.ids));
    });
  }, [settled, params, selection]);
  const selectionCount = useSelectionCount(source, selection.items, selection.itemOf);

  useReportHeight(useCallback((height: number) => channel.current?.send({ type: 'resize', height }), []));

  const filters = useItemFilters(params);
  const view = params.view ?? 'outline';
  const framed = typeof window !== 'undefined' && window.parent !== window;
  // mode=none browses only: rows open, nothing is chosen.
  const behaviour = useMemo(
    () =>
      mode === 'none'
        ? browseRows({ onSelect: () => {} })
        : pickRows({ multiple: mode === 'multiple', isPicked: selection.isPicked, onPick: selection.toggle }),
    [mode, selection.isPicked, selection.toggle],
  );
  const tree = { frameworkId, filters, behaviour, fullText: params.text === 'full' };
  const picker = { isPicked: selection.isPicked };
  // Results in picker mode always come from this framework's own list, so they carry the full item.
  const pickHit = (hit: SearchHit) => hit.item && selection.toggle(hit.item);
  // A suggestion the service ranked carries no full item: it is read (cached) first.
  const pickSuggestion = (hit: AlignHit) =>
    hit.item
      ? selection.toggle(hit.item)
      : void client.fetchQuery(itemOptions(source, hit.caseIdentifierUUID)).then(selection.toggle, () => {});

  return (
    <>
      <main className="space-y-3 p-3">
        <h1 className="text-base font-semibold leading-snug">{found?.name ?? (settled ? 'Standards' : 'Loading the framework…')}</h1>
        {missing && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
            No framework with the ID {frameworkId} was found. The page that embeds this picker needs a new link; leave out{' '}
            <code>framework=</code> to let teachers choose one.
          </p>
        )}
        {framed && origins.length === 0 && !params.lti && (
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
            This picker was given no host origin (<code>origin=</code>), so it cannot send choices to this page.
          </p>
        )}
        {preselection && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
            {preselection}
          </p>
        )}
        {problems.length > 0 && (
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
            Ignored an invalid {problems.join(', ')} in the embed address.
          </p>
        )}
        {found && mode !== 'none' && <PickerSearch framework={found} picker={picker} onOpen={pickHit} filters={filters} />}
        {found && mode !== 'none' && <AlignToggle open={aligning} onToggle={() => setAligning(!aligning)} />}
        {found && mode !== 'none' && aligning && (
          <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading…</p>}>
            <AlignPanel
              key={hostText.sent}
              framework={framework}
              initialText={hostText.text}
              picker={{ isPicked: selection.isPicked, onPick: pickSuggestion }}
            />
          </Suspense>
        )}
        <BrowseFilters params={params} view={view} subjects={frameworkSubjects(found)} onChange={onParamsChange} />
        {!settled ? null : view === 'outline' ? (
          <OutlineView {...tree} expandDepth={params.expand} onUnsupported={() => onParamsChange({ view: 'list' })} />
        ) : (
          <ListView {...tree} />
        )}
        {mode === 'multiple' && <SelectedTray items={selection.items} count={selectionCount} onRemove={selection.remove} />}
        {mode !== 'none' && (
          // Sticky: in a fixed-height LMS panel the choice is always in reach, however long the tree.
          <div className="sticky bottom-0 z-10 -mx-3 flex items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-3 py-2 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
            <button
              type="button"
              className="h-9 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
              onClick={() => channel.current?.send({ type: 'cancel' })}
            >
              Cancel
            </button>
            <button
              type="button"
              disabled={selection.items.length === 0}
              // The count can be long ("3 standards (6 parts) and 1 grouping"): it wraps rather than overflows a narrow panel.
              className={`${primaryButton} h-auto min-h-9 py-1 [text-wrap:balance]`}
              onClick={() => channel.current?.send({ type: 'done', items: selection.items })}
            >
              {mode === 'multiple' ? `Use ${selectionCount ?? `${selection.items.length} selected`}` : 'Use this standard'}
            </button>
          </div>
        )}
      </main>
      <AttributionFooter />
    </>
  );
}
