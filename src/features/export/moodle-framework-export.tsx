import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Framework } from '../../../contract/schemas';
import { TooLargeForMoodle } from '../../components/too-large-for-moodle';
import { outlineButton, wrappingOutlineButton } from '../../components/ui/classes';
import { ApiError } from '../../lib/api-client';
import { useApiSource } from '../../lib/api-source';
import { describeErrorLine } from '../../lib/describe-error';
import { downloadText } from '../../lib/download';
import { describeFilters, type ItemFilters } from '../../lib/item-filters';
import type { FrameworkForMoodle } from './moodle-framework-file';

export interface MoodleFrameworkExportProps {
  framework: Framework;
  /** The page's filters: the file holds what the outline shows under them. */
  filters: ItemFilters;
}

type State = { step: 'idle'; message: string } | { step: 'collecting'; read: number } | { step: 'too-large'; made: FrameworkForMoodle };

/**
 * The framework as a Moodle competency framework (CSV), under the page's filters: its
 * outline is read (with progress, and a way to stop), written as Moodle's import reads it,
 * and downloaded; a file too large for one import is said first, with the grade filter as
 * the way to split it.
 */
export function MoodleFrameworkExport({ framework, filters }: MoodleFrameworkExportProps) {
  const source = useApiSource();
  const client = useQueryClient();
  const [state, setState] = useState<State>({ step: 'idle', message: '' });
  const controller = useRef<AbortController | null>(null);
  const hintId = useId();
  // Closed (the phone's sheet) or left, it stops reading: no file arrives from a control no longer there.
  useEffect(() => () => controller.current?.abort(), []);
  const chosen = describeFilters(filters);

  const download = (made: FrameworkForMoodle) => {
    downloadText(made.file.csv, made.filename, 'text/csv;charset=utf-8');
    setState({ step: 'idle', message: made.downloaded });
  };

  const run = async () => {
    controller.current?.abort();
    const abort = (controller.current = new AbortController());
    setState({ step: 'collecting', read: 0 });
    try {
      // The writer loads when first asked for, not with the page.
      const { frameworkForMoodle } = await import('./moodle-framework-file');
      const made = await frameworkForMoodle(
        client,
        source,
        framework,
        filters,
        (read) => setState({ step: 'collecting', read }),
        abort.signal,
      );
      if (!made) {
        setState({ step: 'idle', message: `Nothing in this framework matches ${chosen}: no file was made. Choose other filters.` });
        return;
      }
      if (made.tooLarge) setState({ step: 'too-large', made });
      else download(made);
    } catch (e) {
      setState({ step: 'idle', message: abort.signal.aborted ? 'Stopped: no file was made.' : failure(e) });
    }
  };

  return (
    <div className="min-w-0 space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={wrappingOutlineButton}
          aria-describedby={hintId}
          // Pressed again while reading, it starts over (never disabled: the focus stays on it).
          onClick={() => void run()}
        >
          Moodle competency framework (CSV)
        </button>
        {state.step === 'collecting' && (
          <button type="button" className={outlineButton} onClick={() => controller.current?.abort()}>
            Stop
          </button>
        )}
      </div>
      <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
        {chosen ? `For Moodle: this framework’s ${chosen}, with the groupings that hold them.` : 'For Moodle: the whole framework.'}
      </p>
      {state.step === 'too-large' && (
        <TooLargeForMoodle
          reason={state.made.tooLarge!}
          advice={state.made.advice}
          onDownload={() => download(state.made)}
          onCancel={() => setState({ step: 'idle', message: 'No file was made.' })}
        />
      )}
      <p role="status" className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
        {state.step === 'collecting'
          ? `Reading the framework’s outline… ${state.read.toLocaleString('en-US')} items`
          : state.step === 'idle'
            ? state.message
            : ''}
      </p>
    </div>
  );
}

function failure(e: unknown): string {
  // The hosted service lists no framework's top level: without it there is no tree to hand on.
  if (e instanceof ApiError && e.status === 404)
    return 'This standards service does not give a framework’s outline, so the framework cannot be handed to Moodle from here. Add its standards to a set and hand the set to Moodle instead.';
  return `The Moodle file was not made. ${describeErrorLine(e, 'framework')}`;
}
