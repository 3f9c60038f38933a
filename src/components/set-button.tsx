import type { ExportEntry } from '../lib/export-entries';
import { outlineButton } from './ui/classes';
import { currentSet, useCurrentSet } from '../lib/sets-store';

/** Adds the item (a standard with its parts) to the set being edited, or takes it out. */
export function SetButton({ entry }: { entry: ExportEntry }) {
  useCurrentSet();
  const inSet = currentSet.has(entry.item.caseIdentifierUUID);
  return (
    <button
      type="button"
      aria-pressed={inSet}
      onClick={() => currentSet.toggleWithParts(entry)}
      className={`${outlineButton} aria-pressed:border-blue-700 aria-pressed:bg-blue-50 aria-pressed:text-blue-900 dark:aria-pressed:bg-blue-950 dark:aria-pressed:text-blue-100`}
    >
      {inSet ? 'In set ✓' : 'Add to set'}
    </button>
  );
}
