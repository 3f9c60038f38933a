import { useEffect, useRef } from 'react';
import { outlineButton } from './ui/classes';

export interface TooLargeForMoodleProps {
  /** Why one import cannot be trusted with the file (tooLargeForOneImport). */
  reason: string;
  /** How to split it where the file was asked for. */
  advice: string;
  onDownload: () => void;
  onCancel: () => void;
}

/**
 * Said before a Moodle file too large for one import is downloaded: why, how to split it,
 * and the choice to download it anyway (a server with raised limits takes it). The focus
 * comes here, so a keyboard user hears it and chooses without hunting for it.
 */
export function TooLargeForMoodle({ reason, advice, onDownload, onCancel }: TooLargeForMoodleProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="alert"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 [overflow-wrap:anywhere] dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p>{reason}</p>
      <p className="font-medium">{advice}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={outlineButton} onClick={onDownload}>
          Download anyway
        </button>
        <button type="button" className={outlineButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
