import { useQuery } from '@tanstack/react-query';
import { ExampleTasks } from './example-tasks';
import { SetButton } from '../../components/set-button';
import { Breadcrumbs } from './breadcrumbs';
import type { StandardsItem } from '../../../contract/schemas';
import { ancestorsOptions, itemOptions } from '../../api/standards';
import { useApiSource } from '../../lib/api-source';
import { RichText } from '../../components/rich-text/rich-text';
import { ErrorMessage } from '../../components/ui/error-message';
import { Badge } from '../../components/ui/badge';
import { useShowsAttribution } from '../../lib/attribution-store';
import { CopyButtons } from './copy-buttons';
import { ItemChildren } from './item-children';
import { ItemFields } from './item-fields';
import { CloseIcon } from '../../components/ui/icons';
import { formatGrades } from '../../lib/format';
import { ItemHeading, headingHoldsDescription } from './item-heading';
import { AllFrameworksLink } from '../../components/ui/all-frameworks-link';

export interface ItemDetailProps {
  itemId: string;
  /** Absolute link that reopens this item (a function: read when copied). */
  permalink: string | (() => string);
  /** The item's own page, offered beside a view's link. */
  pageLink?: string;
  renderChildLink: (child: StandardsItem, children: React.ReactNode) => React.ReactNode;
  onClose?: () => void;
  /** The framework the item was opened in; unknown on a bare /items link. */
  framework?: { caseIdentifierUUID: string; name: string | null };
  /** Opens the outline down to the item (framework page only). */
  onReveal?: (ancestors: StandardsItem[]) => void;
  /** 1 where the details are the page (`/items/…`), 2 beside the tree. */
  headingLevel?: 1 | 2;
  /** What the page offers for the item and everything in it (export, print). */
  renderBranchActions?: (item: StandardsItem, framework: { caseIdentifierUUID: string; name: string | null }) => React.ReactNode;
  /** Beside "Add to set": adding everything under the item at once (the full app). */
  renderAddUnder?: (item: StandardsItem, framework: { caseIdentifierUUID: string; name: string | null }) => React.ReactNode;
  /** How the item connects to others (progressions, crosswalks), where the page offers it. */
  renderConnections?: (item: StandardsItem, headingLevel: 2 | 3) => React.ReactNode;
  /** The skills (learning components) the item is made of, where the page offers them. */
  renderSkills?: (item: StandardsItem, headingLevel: 2 | 3) => React.ReactNode;
}

/** The "Standard details" region: every field, its children, and copy actions. */
export function ItemDetail({
  itemId,
  permalink,
  pageLink,
  renderChildLink,
  onClose,
  framework,
  onReveal,
  headingLevel = 2,
  renderBranchActions,
  renderAddUnder,
  renderConnections,
  renderSkills,
}: ItemDetailProps) {
  const source = useApiSource();
  const query = useQuery(itemOptions(source, itemId));
  const item = query.data;
  const ancestors = useQuery({ ...ancestorsOptions(source, itemId), enabled: !!item }).data ?? [];
  const inFramework = framework ?? { caseIdentifierUUID: '', name: null };
  useShowsAttribution([item?.attributionStatement]);

  return (
    <section
      aria-label="Standard details"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      {query.isPending && (
        <div role="status" aria-label="Loading the standard" className="space-y-3">
          <div className="h-6 w-1/3 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-16 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
        </div>
      )}
      {query.isError && (
        <>
          {/* The page's heading, where the details are the page and the item could not be read. */}
          {headingLevel === 1 && <h1 className="mb-3 text-xl font-semibold">Standard</h1>}
          <ErrorMessage error={query.error} onRetry={() => void query.refetch()} action={<AllFrameworksLink />} />
        </>
      )}
      {item && (
        <div className="space-y-4">
          <div className="flex items-start justify-between gap-3">
            <div className="space-y-1">
              <ItemHeading item={item} level={headingLevel} />
              <div className="flex flex-wrap gap-1.5">
                {item.statementType && <Badge>{item.statementType}</Badge>}
                {item.gradeLevel?.length ? <Badge tone="blue">{formatGrades(item.gradeLevel)}</Badge> : null}
              </div>
            </div>
            {onClose && (
              <button
                type="button"
                onClick={onClose}
                aria-label="Close details"
                className="rounded-md p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <CloseIcon className="h-5 w-5" />
              </button>
            )}
          </div>
          {/* An item without a code (a domain, a grade) is headed by its name, shown once. */}
          {!headingHoldsDescription(item) && (
            <RichText text={item.description} lang={item.inLanguage} className="text-base leading-relaxed [&_.katex]:text-[1.05em]" />
          )}
          {item.notes && (
            <div className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
              <h3 className="font-semibold">Notes</h3>
              <RichText text={item.notes} lang={item.inLanguage} />
            </div>
          )}
          {/* In the order a reader needs: the text, the skills it is made of (within a phone's screen of
              the text), its connections (one line of counts on a phone, open beside the tree), then where
              it sits, what to do with it and what it holds. */}
          {renderSkills?.(item, headingLevel === 1 ? 2 : 3)}
          {renderConnections?.(item, headingLevel === 1 ? 2 : 3)}
          <ExampleTasks item={item} headingLevel={headingLevel === 1 ? 2 : 3} />
          <Breadcrumbs item={item} frameworkName={framework?.name} renderLink={renderChildLink} onReveal={onReveal} />
          <div className="flex flex-wrap gap-2">
            <SetButton entry={{ item, framework: inFramework, path: ancestors }} />
            <CopyButtons item={item} permalink={permalink} pageLink={pageLink} />
          </div>
          {renderAddUnder?.(item, inFramework)}
          <ItemChildren item={item} renderLink={renderChildLink} />
          {renderBranchActions?.(item, inFramework)}
          <ItemFields item={item} />
          <p className="border-t border-slate-100 pt-3 text-xs text-slate-600 [overflow-wrap:anywhere] dark:border-slate-800 dark:text-slate-400">
            {item.attributionStatement}
          </p>
        </div>
      )}
    </section>
  );
}
