import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { StandardsItem } from '../../../contract/schemas';
import { useApiSource } from '../../lib/api-source';
import { exportFilename } from '../../lib/download';
import type { ExportEntry } from '../../lib/export-entries';
import { loadBranch } from '../../api/load-branch';
import { downloadWithDetails } from '../../api/export-details';
import { outlineButton } from '../../components/ui/classes';

export interface ExportBranchButtonsProps {
  item: StandardsItem;
  framework: ExportEntry['framework'];
}

/** Exports (or prints) an item and everything below it, fetching children as needed. */
export function ExportBranchButtons({ item, framework }: ExportBranchButtonsProps) {
  const source = useApiSource();
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const controller = useRef<AbortController | null>(null);
  const name = item.statementCode ?? item.description ?? 'branch';

  const run = async (format: 'csv' | 'json') => {
    controller.current?.abort();
    const abort = (controller.current = new AbortController());
    setStatus('Collecting…');
    try {
      const branch = await loadBranch(client, source, item, framework, (n) => setStatus(`Collecting… ${n} items`), abort.signal);
      setStatus(`Collecting… connections and skills of ${branch.length} items`);
      const file = { title: name, filename: (ext: 'csv' | 'json') => exportFilename(name, ext) };
      const leftOut = await downloadWithDetails(client, source, branch, format, file, abort.signal);
      setStatus(`Exported ${branch.length} items.${leftOut}`);
    } catch (e) {
      setStatus(abort.signal.aborted ? 'Export cancelled.' : `Export failed: ${(e as Error).message}`);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="w-full text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {item.hasChildren ? 'Export or print this and everything in it' : 'Export or print this item'}
      </span>
      <button type="button" className={outlineButton} onClick={() => void run('csv')}>
        Export CSV
      </button>
      <button type="button" className={outlineButton} onClick={() => void run('json')}>
        Export JSON
      </button>
      <Link
        to="/print"
        search={{ branch: item.caseIdentifierUUID, framework: framework.caseIdentifierUUID || undefined }}
        className={`${outlineButton} inline-flex items-center`}
      >
        Print
      </Link>
      {status.startsWith('Collecting') && (
        <button type="button" className="text-sm text-blue-700 underline" onClick={() => controller.current?.abort()}>
          Cancel
        </button>
      )}
      <span role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {status}
      </span>
    </div>
  );
}
