import type { StandardsItem } from '../../../contract/schemas';
import { RichText } from '../../components/rich-text/rich-text';
import { excerpt } from '../../lib/excerpt';

export interface ItemHeadingProps {
  item: StandardsItem;
  level: 1 | 2;
}

/**
 * Whether the heading shows all of the item's text: a heading holds a code or a name, so an
 * exceptionally long text without a code heads with its start and is shown whole below.
 */
export const headingHoldsDescription = (item: StandardsItem) => !item.statementCode && excerpt(item.description) === item.description;

/**
 * The details' heading: the code where the item has one, else its own name (domains,
 * grades and groupings have no code but a short description such as "Fractions").
 */
export function ItemHeading({ item, level }: ItemHeadingProps) {
  const Tag = level === 1 ? 'h1' : 'h2';
  if (item.statementCode)
    return (
      <Tag className="font-mono text-xl font-semibold">
        <bdi>{item.statementCode}</bdi>
      </Tag>
    );
  return (
    <Tag className="text-xl font-semibold">
      {item.description ? (
        <RichText text={excerpt(item.description)} inline lang={item.inLanguage} />
      ) : (
        (item.statementType ?? 'Untitled item')
      )}
    </Tag>
  );
}
