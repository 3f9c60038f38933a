import { useInfiniteQuery } from '@tanstack/react-query';
import type { StandardsItem } from '../../../contract/schemas';
import { childrenOptions } from '../../api/standards';
import { useApiSource } from '../../lib/api-source';
import { sortSiblings } from '../../../contract/natural-sort';
import { RichText } from '../../components/rich-text/rich-text';
import { excerpt } from '../../lib/excerpt';

export interface ItemChildrenProps {
  item: StandardsItem;
  renderLink: (child: StandardsItem, children: React.ReactNode) => React.ReactNode;
}

export function ItemChildren({ item, renderLink }: ItemChildrenProps) {
  const source = useApiSource();
  const query = useInfiniteQuery({ ...childrenOptions(source, item.caseIdentifierUUID), enabled: item.hasChildren });
  if (!item.hasChildren) return null;
  const children = sortSiblings(query.data?.pages.flatMap((p) => p.data) ?? []);
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">Contains</h3>
      {query.isPending && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Loading…</p>}
      {query.isError && <p className="mt-1 text-sm text-red-700">Could not load what this item contains.</p>}
      <ul className="mt-1 space-y-1">
        {children.map((c) => (
          <li key={c.caseIdentifierUUID} className="text-sm">
            {renderLink(
              c,
              <>
                {c.statementCode && <bdi className="font-mono font-semibold">{c.statementCode}</bdi>}
                {c.statementCode && ' '}
                <RichText text={excerpt(c.description, 600)} inline lang={c.inLanguage} />
              </>,
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
