import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { withCrosswalksForMoodle } from '../../api/moodle-crosswalks';
import { TooLargeForMoodle } from '../../components/too-large-for-moodle';
import { wrappingOutlineButton } from '../../components/ui/classes';
import { useApiSource } from '../../lib/api-source';
import type { SetForCase } from '../../lib/case-package';
import { describeErrorLine } from '../../lib/describe-error';
import { downloadText } from '../../lib/download';
import type { ExportEntry } from '../../lib/export-entries';
import { toMoodleCompetencies, type MoodleFile } from '../../lib/moodle-competencies';
import { moodleFilename, setFrameworkFacts } from '../../lib/moodle-framework-facts';
import { downloadedForMoodle, fileBytes, tooLargeForOneImport } from '../../lib/moodle-import-size';
import { describeSet } from '../../lib/set-count';
import { frameworksOf } from '../../lib/set-groups';

export interface SetMoodleExportProps {
  set: SetForCase;
  entries: readonly ExportEntry[];
}

/**
 * The set as a Moodle competency framework (CSV): its standards and parts with the
 * groupings above them, so Moodle shows the framework's tree; a standard and its identical
 * match in another framework of the set are cross-referenced. A file too large for one
 * import is said before it is downloaded.
 */
export function SetMoodleExport({ set, entries }: SetMoodleExportProps) {
  const source = useApiSource();
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const [tooLarge, setTooLarge] = useState<{ file: MoodleFile; reason: string; note: string } | null>(null);
  const hintId = useId();

  const download = (file: MoodleFile, note = '') => {
    downloadText(file.csv, moodleFilename(set.name), 'text/csv;charset=utf-8');
    setTooLarge(null);
    setStatus(`Exported ${describeSet(entries)}. ${downloadedForMoodle(file.competencies)}${note}`);
  };

  const run = async () => {
    setTooLarge(null);
    try {
      if (frameworksOf(entries).length > 1) setStatus('Reading the crosswalks between the set’s frameworks…');
      const { entries: detailed, missed } = await withCrosswalksForMoodle(client, source, entries);
      const file = toMoodleCompetencies(setFrameworkFacts(set, detailed), detailed);
      const note = missed ? ' The crosswalks could not be read, so no competency names its identical match.' : '';
      const reason = tooLargeForOneImport({ competencies: file.competencies, bytes: fileBytes(file.csv) });
      if (!reason) return download(file, note);
      setStatus('');
      setTooLarge({ file, reason, note });
    } catch (e) {
      setStatus(`The Moodle file was not made. ${describeErrorLine(e, 'standards')}`);
    }
  };

  return (
    <div className="min-w-0 space-y-2">
      <button
        type="button"
        className={wrappingOutlineButton}
        aria-describedby={hintId}
        disabled={entries.length === 0}
        onClick={() => void run()}
      >
        Moodle competency framework (CSV)
      </button>
      <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
        Moodle gets a competency framework named for the set: each standard and part under the groupings that hold it, in the framework’s
        order, rated on Moodle’s default competence scale.
      </p>
      {tooLarge && (
        <TooLargeForMoodle
          reason={tooLarge.reason}
          advice="Split the set (Duplicate it, then remove rows from each copy) and hand each part to Moodle."
          onDownload={() => download(tooLarge.file, tooLarge.note)}
          onCancel={() => {
            setTooLarge(null);
            setStatus('No file was made.');
          }}
        />
      )}
      {/* Always there, so a screen reader hears each new status. */}
      <p role="status" className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
        {status}
      </p>
    </div>
  );
}
