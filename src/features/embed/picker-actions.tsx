import { primaryButton } from '../../components/ui/classes';

export interface PickerActionsProps {
  /** "Use 3 standards", "Use this standard". */
  useLabel: string;
  canUse: boolean;
  onUse: () => void;
  onCancel: () => void;
}

/**
 * Cancel and Use, sticky at the bottom: in a fixed-height LMS panel the choice is always in
 * reach, however long the tree. A short frame gives them a thinner bar, so the results keep
 * the room (the buttons stay 32 px, above the 24 px a thumb needs).
 */
export function PickerActions({ useLabel, canUse, onUse, onCancel }: PickerActionsProps) {
  return (
    <div className="sticky bottom-0 z-10 -mx-3 flex items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-3 py-2 backdrop-blur short-frame:-mx-2 short-frame:px-2 short-frame:py-1 dark:border-slate-800 dark:bg-slate-950/95">
      <button
        type="button"
        className="h-9 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 short-frame:h-8 dark:text-slate-300 dark:hover:bg-slate-800"
        onClick={onCancel}
      >
        Cancel
      </button>
      <button
        type="button"
        disabled={!canUse}
        // The count can be long ("3 standards (6 parts) and 1 grouping"): it wraps rather than overflows a narrow panel.
        className={`${primaryButton} h-auto min-h-9 py-1 [text-wrap:balance] short-frame:min-h-8`}
        onClick={onUse}
      >
        {useLabel}
      </button>
    </div>
  );
}
