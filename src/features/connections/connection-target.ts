/**
 * Where a connected standard opens: in its own framework's outline, revealed, when its
 * framework is known (the local API says so; otherwise the one current framework of its
 * jurisdiction and subject), else on its own page. Offline, a framework not saved on this
 * device does not open: `reachable` says so, and the link gives way to `NotSaved`.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { frameworksOptions, onlyFrameworkOf } from '../../api/frameworks';
import { useFrameworkReach } from '../../api/saved';
import { useApiSource } from '../../lib/api-source';

export interface Connected {
  caseIdentifierUUID: string;
  jurisdiction: string | null;
  frameworkCaseIdentifierUUID?: string | null;
}

export type ConnectionTarget = ({ frameworkId: string; item: string } | { item: string }) & {
  reachable: boolean;
  /** The framework's name, where the list of frameworks knows it. */
  frameworkName?: string | null;
};

export function useConnectionTarget(standard: Connected, subject: string | null): ConnectionTarget {
  const source = useApiSource();
  const list = useInfiniteQuery(frameworksOptions(source));
  const frameworks = list.data?.pages.flatMap((p) => p.data) ?? [];
  const framework = standard.frameworkCaseIdentifierUUID
    ? frameworks.find((f) => f.caseIdentifierUUID === standard.frameworkCaseIdentifierUUID)
    : onlyFrameworkOf(frameworks, standard.jurisdiction, subject || undefined);
  const frameworkId = standard.frameworkCaseIdentifierUUID ?? framework?.caseIdentifierUUID;
  const { reachable } = useFrameworkReach(source, frameworkId);
  const item = standard.caseIdentifierUUID;
  return frameworkId ? { frameworkId, item, reachable, frameworkName: framework?.name } : { item, reachable };
}
