import { useQuery } from '@tanstack/react-query';
import type { StandardsItem } from '../../../contract/schemas';
import { ancestorsOptions } from '../../api/standards';
import { useApiSource } from '../../lib/api-source';

export interface BreadcrumbsProps {
  item: StandardsItem;
  frameworkName?: string | null;
  renderLink: (item: StandardsItem, children: React.ReactNode) => React.ReactNode;
  onReveal?: (ancestors: StandardsItem[]) => void;
}

/** Where the item sits: its ancestors, when something can tell; nothing rather than a guess. */
export function Breadcrumbs({ item, frameworkName, renderLink, onReveal }: BreadcrumbsProps) {
  const source = useApiSource();
  const query = useQuery(ancestorsOptions(source, item.caseIdentifierUUID));
  const ancestors = query.data;
  if (!ancestors) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <nav aria-label="Path" className="text-sm text-slate-600 dark:text-slate-400">
        <ol className="flex flex-wrap items-center gap-x-1">
          {frameworkName && <li className="after:ml-1 after:content-['›']">{frameworkName}</li>}
          {ancestors.map((a) => (
            <li key={a.caseIdentifierUUID} className="after:ml-1 after:content-['›']">
              {/* Its own line's height, not the text's: a 24 px target. */}
              <span className="[&>a]:inline-block [&>a]:py-1">{renderLink(a, <bdi>{a.statementCode ?? a.description}</bdi>)}</span>
            </li>
          ))}
          <li aria-current="location" className="font-medium text-slate-900 dark:text-slate-100">
            <bdi>{item.statementCode ?? item.description}</bdi>
          </li>
        </ol>
      </nav>
      {onReveal && (
        <button type="button" onClick={() => onReveal(ancestors)} className="text-sm text-blue-700 underline dark:text-blue-400">
          Reveal in tree
        </button>
      )}
    </div>
  );
}
