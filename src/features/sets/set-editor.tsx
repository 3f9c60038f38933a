import { useId, useRef, useState } from 'react';
import { outlineButton, field } from '../../components/ui/classes';
import { useShowsAttribution } from '../../lib/attribution-store';
import { MAX_NAME, MAX_NOTE } from '../../lib/set-name';
import { describeSet } from '../../lib/set-count';
import { currentSet, sets, useCurrentSet, useSets } from '../../lib/sets-store';
import { LoadSetFile } from './load-set-file';
import { PrintSetLink, SetExports } from './set-exports';
import { SetRows } from './set-rows';
import { ShareSetLink } from './share-set-link';

/**
 * The sets on this device and the one being edited: choose, create, rename, note,
 * duplicate, delete (every change undoable from the bar at the bottom), its standards
 * grouped and reordered, shared by a link, exported, printed, or loaded from a file.
 */
export function SetEditor() {
  const set = useCurrentSet();
  const all = useSets();
  const chooserId = useId();
  const nameId = useId();
  const noteId = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const nameErrorId = useId();
  // Why the last rename did not happen (another set has that name), for the set it was tried on.
  const [nameError, setNameError] = useState<{ for: string; message: string } | null>(null);
  const rename = (value: string) => {
    const refused = sets.rename(set.id, value);
    setNameError(refused ? { for: set.id, message: refused } : null);
    return !refused;
  };
  const shownNameError = nameError?.for === set.id ? nameError.message : null;
  useShowsAttribution(set.entries.map((e) => e.item.attributionStatement));
  const newSet = () => {
    const taken = new Set(all.map((s) => s.name));
    let n = all.length + 1;
    while (taken.has(`Untitled set ${n}`)) n++;
    sets.create(`Untitled set ${n}`);
    requestAnimationFrame(() => nameInput.current?.select());
  };
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={chooserId} className="text-sm font-medium">
            Set being edited
          </label>
          <select id={chooserId} value={set.id} onChange={(e) => sets.choose(e.target.value)} className={`${field} max-w-full`}>
            {all.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} · {describeSet(s.entries)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={outlineButton} onClick={newSet}>
          New set
        </button>
        <button type="button" className={outlineButton} onClick={() => sets.duplicate(set.id)}>
          Duplicate
        </button>
        <button type="button" className={outlineButton} onClick={() => sets.delete(set.id)}>
          Delete set
        </button>
      </div>

      <div className="grid gap-3 md:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={nameId} className="text-sm font-medium">
            Name
          </label>
          {/* Keyed by set and name: a rename elsewhere (undo, another tab) shows at once. */}
          <input
            key={`${set.id}-${set.name}`}
            id={nameId}
            ref={nameInput}
            defaultValue={set.name}
            maxLength={MAX_NAME}
            aria-invalid={shownNameError ? true : undefined}
            aria-describedby={shownNameError ? nameErrorId : undefined}
            onBlur={(e) => rename(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                rename(e.currentTarget.value);
                // The field is drawn again with the new name: the focus stays in it.
                requestAnimationFrame(() => nameInput.current?.focus());
              }
              if (e.key === 'Escape') {
                e.currentTarget.value = set.name;
                setNameError(null);
              }
            }}
            className={field}
          />
          {shownNameError && (
            <p id={nameErrorId} role="alert" className="text-sm text-red-800 dark:text-red-300">
              {shownNameError}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={noteId} className="text-sm font-medium">
            Note <span className="font-normal text-slate-600 dark:text-slate-400">(travels with the link and the JSON)</span>
          </label>
          <textarea
            key={`${set.id}-${set.note}`}
            id={noteId}
            defaultValue={set.note}
            maxLength={MAX_NOTE}
            rows={2}
            onBlur={(e) => sets.setNote(set.id, e.target.value)}
            // It grows with the note (where the browser can), rather than scrolling inside the page.
            className={`${field} h-auto min-h-16 py-1.5 [field-sizing:content] supports-[field-sizing:content]:overflow-y-hidden`}
          />
        </div>
      </div>

      <div className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Share, export, print</h2>
        <ShareSetLink set={set} />
        <SetExports set={set} entries={set.entries} print={<PrintSetLink disabled={set.entries.length === 0} />} />
        <LoadSetFile />
      </div>

      {set.entries.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-slate-600 dark:text-slate-400">
          “{set.name}” is empty. Tick standards in a framework (or press Space on a row), use <strong>Add to set</strong> on a standard, or{' '}
          <strong>Add the standards under it</strong> on a domain or cluster.
        </p>
      ) : (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold">
              {describeSet(set.entries)} in “{set.name}”
            </h2>
            <button type="button" className={`${outlineButton} ml-auto`} onClick={() => currentSet.clear()}>
              Empty the set
            </button>
          </div>
          <SetRows entries={set.entries} editable label={`Standards in ${set.name}`} />
        </div>
      )}
    </div>
  );
}
