import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { StandardsItem } from '../../../contract/schemas';
import { standardsUnder, type StandardsUnder } from '../../api/set-additions';
import { AddAllToSet } from '../../components/add-all-to-set';
import { standardsCount } from '../../lib/sets-store';
import { useApiSource } from '../../lib/api-source';
import type { ExportEntry } from '../../lib/export-entries';

/** The most items read ahead to count what a grouping holds. */
const AHEAD_LIMIT = 400;

/**
 * "Add the 10 standards under it" on a grouping (a grade, domain or cluster) or a standard
 * with parts: every standard below it, in outline order, with their parts unless the
 * designer unticks them. The count is read when the details open (through the query
 * cache, so a saved framework answers offline); the button works before it is known.
 */
export function AddStandardsUnder({ item, framework }: { item: StandardsItem; framework: ExportEntry['framework'] }) {
  const client = useQueryClient();
  const source = useApiSource();
  const [found, setFound] = useState<{ for: string; under: StandardsUnder } | null>(null);
  const [withParts, setWithParts] = useState(true);
  const partsId = useId();
  const id = item.caseIdentifierUUID;
  // By value: the page may hand a new framework object on every render.
  const { caseIdentifierUUID: frameworkId, name: frameworkName } = framework;
  useEffect(() => {
    const abort = new AbortController();
    // Counted ahead only for a branch of moderate size: a whole framework is read when asked for.
    const enough = (n: number) => n > AHEAD_LIMIT && abort.abort();
    standardsUnder(client, source, item, { caseIdentifierUUID: frameworkId, name: frameworkName }, enough, abort.signal).then(
      (under) => !abort.signal.aborted && setFound({ for: id, under }),
      () => undefined, // the button reads them again when pressed, and says what failed
    );
    return () => abort.abort();
  }, [client, source, item, frameworkId, frameworkName, id]);
  const under = found?.for === id ? found.under : null;
  const isStandard = item.normalizedStatementType === 'Standard';
  if (!item.hasChildren || (under && under.withParts.length === 0)) return null;
  const parts = under ? under.withParts.length - under.standards.length : 0;
  // A standard's own parts are all "parts": the button adds them all.
  const label = isStandard
    ? `Add its ${under ? `${under.withParts.length} ` : ''}parts`
    : `Add the ${under ? `${under.standards.length} ` : ''}${under?.standards.length === 1 ? 'standard' : 'standards'} under it`;
  return (
    <div className="space-y-1">
      <AddAllToSet
        label={label}
        describe={(added) => {
          const top = added.filter((e) => !e.path.some((p) => p.normalizedStatementType === 'Standard')).length;
          const parts = added.length - top;
          if (isStandard || !parts) return standardsCount(added.length);
          return `${standardsCount(top)} and ${parts} ${parts === 1 ? 'part' : 'parts'}`;
        }}
        load={async (progress) => {
          const got =
            under ??
            (await standardsUnder(
              client,
              source,
              item,
              framework,
              (n) => progress(`Collecting… ${n} items`),
              new AbortController().signal,
            ));
          return isStandard || withParts ? got.withParts : got.standards;
        }}
      />
      {!isStandard && parts > 0 && (
        <label htmlFor={partsId} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <input id={partsId} type="checkbox" checked={withParts} onChange={(e) => setWithParts(e.target.checked)} />
          with their parts ({parts} {parts === 1 ? 'component' : 'components'})
        </label>
      )}
    </div>
  );
}
