/**
 * Where a connected standard opens: in its own framework's outline, revealed, when its
 * framework is known (the local API says so; otherwise the one current framework of its
 * jurisdiction and subject), else on its own page.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { frameworksOptions, onlyFrameworkOf } from '../../api/frameworks';
import { useApiSource } from '../../lib/api-source';

export interface Connected {
  caseIdentifierUUID: string;
  jurisdiction: string | null;
  frameworkCaseIdentifierUUID?: string | null;
}

export type ConnectionTarget = { frameworkId: string; item: string } | { item: string };

export function useConnectionTarget(standard: Connected, subject: string | null): ConnectionTarget {
  const source = useApiSource();
  const known = standard.frameworkCaseIdentifierUUID;
  const list = useInfiniteQuery({ ...frameworksOptions(source), enabled: !known });
  if (known) return { frameworkId: known, item: standard.caseIdentifierUUID };
  const only = onlyFrameworkOf(list.data?.pages.flatMap((p) => p.data) ?? [], standard.jurisdiction, subject || undefined);
  return only ? { frameworkId: only.caseIdentifierUUID, item: standard.caseIdentifierUUID } : { item: standard.caseIdentifierUUID };
}
