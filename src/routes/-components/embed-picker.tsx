import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { frameworkSubjects, useFramework } from '../../api/frameworks';
import { useApiSource } from '../../lib/api-source';
import { useItemFilters } from '../../lib/item-filters';
import { AttributionFooter } from '../../components/attribution-footer';
import { BrowseFilters } from '../../features/standards-tree/browse-filters';
import { ListView } from '../../features/standards-tree/list-view';
import { OutlineView } from '../../features/standards-tree/outline-view';
import { CollapseAllButton } from '../../features/standards-tree/collapse-all-button';
import { browseRows, pickRows } from '../../features/standards-tree/row-behaviour';
import { preselectedIds, type EmbedParams } from '../../features/embed/embed-params';
import { CAPABILITIES, SKILLS_CAPABILITY, type EmbedItem, type IncomingMessage } from '../../features/embed/embed-protocol';
import { sendingSkills } from '../../features/embed/embed-skills';
import { openHostChannel, type HostChannel } from '../../features/embed/host-channel';
import { openLtiReturn } from '../../features/embed/lti-return';
import type { SearchHit } from '../../api/search';
import { PickerTools } from './picker-tools';
import { PickerNotices } from './picker-notices';
import { SelectedTray } from '../../features/embed/selected-tray';
import { useEmbedSelection } from '../../features/embed/use-embed-selection';
import { useSelectionCount } from '../../features/embed/use-selection-count';
import { useReportHeight } from '../../features/embed/use-report-height';
import { AlignToggle } from '../../features/align/align-toggle';
import { itemOptions } from '../../api/standards';
import type { AlignHit } from '../../api/align';
import { SHORT_FRAME, SHORT_FRAME_MAX_HEIGHT, useMediaQuery } from '../../lib/use-media-query';
import { PickerActions } from '../../features/embed/picker-actions';

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

  // An LMS dialog on a phone (about 250 px tall): the results get the room, the rest is behind Options.
  const short = useMediaQuery(SHORT_FRAME);
  // A short picker asks for more than a short frame: a host that sizes its frame to the picker
  // grows it out of the short layout, rather than keep it there by sizing it to the folded picker.
  const report = useCallback(
    (height: number) => channel.current?.send({ type: 'resize', height: short ? Math.max(height, SHORT_FRAME_MAX_HEIGHT + 1) : height }),
    [short],
  );
  useReportHeight(report);

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

  const picking = !!found && mode !== 'none';

  return (
    <>
      <main className="space-y-3 p-3 short-frame:space-y-2 short-frame:p-2">
        <h1 className={short ? 'sr-only' : 'text-base font-semibold leading-snug'}>
          {found?.name ?? (settled ? 'Standards' : 'Loading the framework…')}
        </h1>
        <PickerNotices
          frameworkId={frameworkId}
          missing={missing}
          unheard={framed && origins.length === 0 && !params.lti}
          preselection={preselection}
          problems={problems}
        />
        <PickerTools
          short={short}
          name={found?.name ?? null}
          search={found && picking ? { framework: found, picker, onOpen: pickHit, filters } : null}
          collapse={view === 'outline' && <CollapseAllButton frameworkId={frameworkId} />}
          filters={<BrowseFilters params={params} view={view} subjects={frameworkSubjects(found)} onChange={onParamsChange} />}
          alignToggle={picking && <AlignToggle open={aligning} onToggle={() => setAligning(!aligning)} />}
          alignPanel={
            picking &&
            aligning && (
              <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading…</p>}>
                <AlignPanel
                  key={hostText.sent}
                  framework={framework}
                  initialText={hostText.text}
                  picker={{ isPicked: selection.isPicked, onPick: pickSuggestion }}
                />
              </Suspense>
            )
          }
          inForce={(params.grades?.length ?? 0) + (params.subject ? 1 : 0) + (params.type ? 1 : 0)}
        />
        {!settled ? null : view === 'outline' ? (
          <OutlineView {...tree} expandDepth={params.expand} collapseInBar={short} onUnsupported={() => onParamsChange({ view: 'list' })} />
        ) : (
          <ListView {...tree} />
        )}
        {mode === 'multiple' && <SelectedTray items={selection.items} count={selectionCount} onRemove={selection.remove} />}
        {/* A short frame's footer comes before the sticky bar, so that even a long attribution never pushes Use out of the frame. */}
        {short && (
          <div className="-mx-2">
            <AttributionFooter />
          </div>
        )}
        {mode !== 'none' && (
          <PickerActions
            useLabel={mode === 'multiple' ? `Use ${selectionCount ?? `${selection.items.length} selected`}` : 'Use this standard'}
            canUse={selection.items.length > 0}
            onUse={() => channel.current?.send({ type: 'done', items: selection.items })}
            onCancel={() => channel.current?.send({ type: 'cancel' })}
          />
        )}
      </main>
      {!short && <AttributionFooter />}
    </>
  );
}
