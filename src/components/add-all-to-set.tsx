import { useState } from 'react';
import type { ExportEntry } from '../lib/export-entries';
import { describeErrorLine } from '../lib/describe-error';
import { currentSet, standardsCount, useCurrentSet } from '../lib/sets-store';
import { outlineButton } from './ui/classes';

export interface AddAllToSetProps {
  /** The button's words: "Add these 12 to the set". */
  label: string;
  /** Reads the entries to add, in order (may take a while: the button says "Adding…"). */
  load: (onProgress: (message: string) => void) => Promise<ExportEntry[]>;
  disabled?: boolean;
  /** How the added are counted in the message (default "3 standards"). */
  describe?: (added: readonly ExportEntry[]) => string;
}

/**
 * Adds many standards to the set being edited in one step, and says how many it added
 * (the undo bar offers to take them back).
 */
export function AddAllToSet({ label, load, disabled, describe }: AddAllToSetProps) {
  const set = useCurrentSet();
  // Success is announced by the undo bar; here it stays in view. A failure is announced here.
  const [state, setState] = useState<{ busy: boolean; message?: string; failed?: boolean }>({ busy: false });
  const add = async () => {
    setState({ busy: true, message: 'Collecting…' });
    try {
      const entries = await load((message) => setState({ busy: true, message }));
      const name = (added: readonly ExportEntry[]) => (describe ? describe(added) : standardsCount(added.length));
      const fresh = currentSet.add(entries, name);
      const already = new Set(entries.map((e) => e.item.caseIdentifierUUID)).size - fresh.length;
      setState({
        busy: false,
        message: `Added ${fresh.length ? name(fresh) : 'none'} to “${set.name}”${already ? ` (${already} already in it)` : ''}.`,
      });
    } catch (e) {
      setState({
        busy: false,
        message: `Could not add them: ${describeErrorLine(e, 'standards')}`,
      });
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-2 print:hidden">
      <button type="button" disabled={disabled || state.busy} onClick={() => void add()} className={outlineButton}>
        {state.busy ? 'Adding…' : label}
      </button>
      {state.message && (
        <span
          role={state.failed ? 'alert' : undefined}
          className={`text-sm ${state.failed ? 'text-red-800 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {state.message}
        </span>
      )}
    </span>
  );
}
