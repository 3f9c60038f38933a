/**
 * In place of a link that cannot open offline (its framework is not saved on this
 * device): what is missing, and the one action that fixes it, saving that framework as
 * soon as the network is back.
 */
import { saveRequests, useSaveRequests } from '../lib/save-requests';
import { outlineButton } from './ui/classes';

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
  const framework = name ?? 'Its framework';
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700 dark:text-slate-300 ${className}`}>
      <span>
        {what ? `${what}: not saved on this device` : 'Not saved on this device'} ({framework} is not available offline).
      </span>
      <button type="button" aria-pressed={asked} onClick={() => saveRequests.toggle(frameworkId)} className={outlineButton}>
        {asked ? 'Will save when online ✓' : `Save ${name ?? 'it'} when online`}
      </button>
    </span>
  );
}
