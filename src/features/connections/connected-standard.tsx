/**
 * One connected standard in a list: code, grade, the start of its text, and a link that
 * opens it. Its grade comes with the answer on the local API; elsewhere from the full
 * item (cached, so each is asked for once).
 */
import { useQuery } from '@tanstack/react-query';
import type { StandardSummary } from '../../../contract/connection-schemas';
import { itemOptions } from '../../api/standards';
import { RichText } from '../../components/rich-text/rich-text';
import { Badge } from '../../components/ui/badge';
import { useApiSource } from '../../lib/api-source';
import { excerpt } from '../../lib/excerpt';
import { formatGrades } from '../../lib/format';
import { ConnectionLink } from './connection-link';
import { useConnectionTarget } from './connection-target';

type Summary = Pick<
  StandardSummary,
  'caseIdentifierUUID' | 'statementCode' | 'description' | 'jurisdiction' | 'gradeLevel' | 'frameworkCaseIdentifierUUID'
>;

export function useGrades(standard: Summary): string[] | null | undefined {
  const source = useApiSource();
  const full = useQuery({ ...itemOptions(source, standard.caseIdentifierUUID), enabled: standard.gradeLevel === undefined });
  return standard.gradeLevel !== undefined ? standard.gradeLevel : full.data?.gradeLevel;
}

export interface ConnectedStandardProps {
  standard: Summary;
  /** The subject of the standard it is connected to (to find its framework on the hosted service). */
  subject: string | null;
  /** Shown after the text (an alignment's strength). */
  children?: React.ReactNode;
  /** Whether to name the jurisdiction (lists that mix them). */
  showJurisdiction?: boolean;
  /** The whole text, not its first two lines (a matched standard, read against the open one). */
  fullText?: boolean;
  /** Where its code leads instead of its own framework (read beside the open standard), with its framework offered too. */
  openBeside?: (standard: Summary, content: React.ReactNode) => React.ReactNode;
}

export function ConnectedStandard({ standard, subject, children, showJurisdiction, fullText, openBeside }: ConnectedStandardProps) {
  const grades = useGrades(standard);
  const { reachable } = useConnectionTarget(standard, subject);
  const code = <bdi className="font-mono font-semibold">{standard.statementCode ?? 'Standard'}</bdi>;
  return (
    <li className="rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {openBeside && reachable ? (
          openBeside(standard, code)
        ) : (
          <ConnectionLink standard={standard} subject={subject} className="text-blue-700 underline dark:text-blue-300">
            {code}
          </ConnectionLink>
        )}
        {grades?.length ? <Badge tone="blue">{formatGrades(grades)}</Badge> : null}
        {showJurisdiction && standard.jurisdiction && (
          <span className="text-xs text-slate-600 dark:text-slate-400">{standard.jurisdiction}</span>
        )}
      </div>
      {fullText ? (
        <RichText text={standard.description} className="mt-0.5 text-slate-700 dark:text-slate-300" />
      ) : (
        <RichText text={excerpt(standard.description, 200)} inline className="mt-0.5 line-clamp-2 text-slate-700 dark:text-slate-300" />
      )}
      {children}
      {(openBeside || !reachable) && (
        <ConnectionLink
          standard={standard}
          subject={subject}
          offline="note"
          className="mt-1 inline-flex items-center text-xs text-blue-700 underline dark:text-blue-300"
        >
          Open in its framework
        </ConnectionLink>
      )}
    </li>
  );
}
