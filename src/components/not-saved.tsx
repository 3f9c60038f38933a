/**
 * In place of a link that cannot open offline (its framework is not saved on this
 * device): what is missing, and the one action that fixes it, saving that framework as
 * soon as the network is back.
 */
import { saveRequests, useSaveRequests } from '../lib/save-requests';

export interface NotSavedProps {
  frameworkId: string;
  /** The framework's name, where known. */
  name: string | null | undefined;
  /** What cannot open: "Its progression", "Common Core's 3.NF.A.1". */
  what?: string;
  className?: string;
}

export function NotSaved({ frameworkId, name, what, className = '' }: NotSavedProps) {
  const asked = useSaveRequests().includes(frameworkId);
  return (
    <span className={`text-xs text-slate-700 dark:text-slate-300 ${className}`}>
      {what ? `${what}: not saved on this device` : 'Not saved on this device'} ({name ?? 'its framework'} is not available offline).{' '}
      <button
        type="button"
        aria-pressed={asked}
        onClick={() => saveRequests.toggle(frameworkId)}
        className="font-medium text-blue-700 underline aria-pressed:text-emerald-800 aria-pressed:no-underline dark:text-blue-300 dark:aria-pressed:text-emerald-300"
      >
        {asked ? 'Will save it when online ✓' : 'Save it when online'}
      </button>
    </span>
  );
}
