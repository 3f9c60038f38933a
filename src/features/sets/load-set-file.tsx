import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { resolveEntries } from '../../api/set-entries';
import { useApiSource } from '../../lib/api-source';
import { isNotSavedError } from '../../lib/api-client';
import { describeError } from '../../lib/describe-error';
import { notSavedAdvice } from '../../lib/not-saved-words';
import { describeSet, unreadCount } from '../../lib/set-count';
import { MAX_FILE_BYTES, parseSetFile, SetFileError } from '../../lib/set-file';
import { sets, standardsCount } from '../../lib/sets-store';

type State = { busy: boolean; message?: string; problems?: string[]; ok?: boolean };

/**
 * "Load a set from a file": a CSV or JSON this app exported (or a Canvas outcomes CSV)
 * becomes a new set, or nothing does: a bad line, or a standard the data lacks, is named
 * and the file is refused whole.
 */
export function LoadSetFile() {
  const client = useQueryClient();
  const source = useApiSource();
  const inputId = useId();
  const [state, setState] = useState<State>({ busy: false });
  const load = async (file: File) => {
    if (file.size > MAX_FILE_BYTES) {
      setState({
        busy: false,
        message: `Nothing was loaded: “${file.name}” is ${Math.round(file.size / 1024 / 1024)} MB; a set file is at most 5 MB.`,
      });
      return;
    }
    setState({ busy: true, message: `Reading “${file.name}”…` });
    try {
      const parsed = parseSetFile(await file.text(), file.name);
      setState({ busy: true, message: `Looking up ${unreadCount(parsed.standards.length)}…` });
      const resolved = await resolveEntries(client, source, parsed.standards);
      const where = new Map(parsed.standards.map((s) => [s.caseIdentifierUUID, s.where]));
      if (resolved.missing.length)
        throw new SetFileError(
          `Nothing was loaded: ${standardsCount(resolved.missing.length)} of the file ${resolved.missing.length === 1 ? 'is' : 'are'} not in this data.`,
          resolved.missing.slice(0, 5).map((id) => `${where.get(id)}: no standard ${id} (retired, or from other data).`),
        );
      if (resolved.failed.length)
        throw new SetFileError(
          `Nothing was loaded: ${unreadCount(resolved.failed.length)} could not be read. ${
            isNotSavedError(resolved.error)
              ? notSavedAdvice(parsed.frameworks, 'load the file again')
              : `${describeError(resolved.error, 'standards').title} ${describeError(resolved.error, 'standards').hint}`
          }`,
        );
      const id = sets.create(parsed.name, resolved.entries, parsed.note);
      const name = sets.nameOf(id) ?? parsed.name;
      const renamed = name !== parsed.name ? ` (“${parsed.name}” was taken)` : '';
      setState({
        busy: false,
        ok: true,
        message: `Loaded “${name}”${renamed} with ${describeSet(resolved.entries)}; it is now the set being edited.`,
      });
    } catch (e) {
      if (e instanceof SetFileError) setState({ busy: false, message: e.message, problems: e.problems });
      else setState({ busy: false, message: `Nothing was loaded: ${describeError(e, 'standards').title}` });
    }
  };
  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium">
        Load a set from a file{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">(a CSV or JSON exported here, or a Canvas outcomes CSV)</span>
      </label>
      <input
        id={inputId}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        disabled={state.busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // the same file may be chosen again after a fix
          if (file) void load(file);
        }}
        className="block w-full max-w-md text-sm file:mr-3 file:h-8 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium dark:file:border-slate-700 dark:file:bg-slate-900 dark:file:text-slate-200"
      />
      {state.message && (
        <div
          role={state.ok || state.busy ? 'status' : 'alert'}
          className={`text-sm ${state.ok || state.busy ? 'text-slate-700 dark:text-slate-300' : 'text-red-800 dark:text-red-300'}`}
        >
          <p>{state.message}</p>
          {state.problems && state.problems.length > 0 && (
            <ul className="ml-5 list-disc">
              {state.problems.map((p) => (
                <li key={p} className="[overflow-wrap:anywhere]">
                  {p}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
