import { useQuery } from '@tanstack/react-query';
import { ancestorsOptions, itemOptions } from '../../api/standards';
import { useApiSource } from '../../lib/api-source';
import { formatGrades } from '../../lib/format';
import { Badge } from '../../components/ui/badge';
import { CheckIcon } from '../../components/ui/icons';
import { SetButton } from '../../components/set-button';
import { pathLabel } from '../../lib/path-label';
import { HighlightedText } from '../../components/highlighted-text';
import { markedRanges } from '../../../contract/search/marks';
import { excerpt } from '../../lib/excerpt';
import { itemName } from '../../lib/item-name';
import { toPlainText } from '../../lib/plain-text';
import type { SearchHit } from '../../api/search';

export interface SearchResultProps {
  hit: SearchHit;
  query: string;
  framework: { caseIdentifierUUID: string; name: string | null };
  onOpen: () => void;
  onKeyDown: (e: React.KeyboardEvent<HTMLButtonElement>) => void;
  /** In the embed's picker: whether the result is chosen (shown instead of the set toggle). */
  picked?: boolean;
  /** The result lies outside the page's filters (shown when all grades are searched). */
  outside?: boolean;
}

/**
 * One result: code, text with the match marked, the skill it matched through, type,
 * grades, where it sits, and a set toggle.
 */
export function SearchResult({ hit, query, framework, onOpen, onKeyDown, picked, outside }: SearchResultProps) {
  const picker = picked !== undefined;
  const source = useApiSource();
  const item = useQuery({ ...itemOptions(source, hit.caseIdentifierUUID), enabled: !hit.item }).data ?? hit.item;
  const path = useQuery(ancestorsOptions(source, hit.caseIdentifierUUID)).data;
  // Every result says why: where its own text holds none of the words, the heading above it that does.
  const heading =
    !hit.viaSkill && !markedRanges(hit.description ?? '', query).length
      ? path?.toReversed().find((p) => markedRanges(p.description ?? '', query).length > 0)
      : undefined;
  return (
    // On a phone the set toggle goes under the text, which keeps the row's whole width.
    <li className="flex flex-col items-start gap-1.5 border-b border-slate-100 px-2 py-2 last:border-0 sm:flex-row sm:gap-2 dark:border-slate-800">
      <button
        type="button"
        data-search-result
        aria-pressed={picker ? picked : undefined}
        // Read as a person says it: code and text first (math as words), then where it sits and why it matched.
        aria-label={[
          itemName(hit),
          hit.viaSkill && `${viaSkillLabel(hit.viaSkill)} ${toPlainText(excerpt(hit.viaSkill.description, 200))}`,
          heading && `under: ${toPlainText(excerpt(heading.description, 200))}`,
          item?.statementType,
          item?.gradeLevel && formatGrades(item.gradeLevel),
          outside && 'outside your filters',
          path?.length && `in ${pathLabel(path, ' › ')}`,
        ]
          .filter(Boolean)
          .map((part, i, all) => (i < all.length - 1 && !/[.…:;!?]$/.test(String(part)) ? `${part}.` : part))
          .join(' ')}
        onClick={onOpen}
        onKeyDown={onKeyDown}
        className="w-full min-w-0 flex-1 rounded text-left hover:bg-slate-50 focus-visible:bg-blue-50 dark:hover:bg-slate-800 dark:focus-visible:bg-blue-950"
      >
        {path && path.length > 0 && (
          <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{pathLabel(path, ' › ')}</span>
        )}
        <span className="block text-sm">
          {hit.statementCode && <bdi className="mr-1.5 font-mono font-semibold">{hit.statementCode}</bdi>}
          {/* One result costs the same whatever the text's length: its start is enough to recognise it. */}
          <HighlightedText text={excerpt(hit.description, 400)} query={query} />
        </span>
        {hit.viaSkill && (
          <span className="mt-0.5 block text-xs text-slate-700 dark:text-slate-300">
            <span className="font-medium">{viaSkillLabel(hit.viaSkill)}</span>{' '}
            <HighlightedText text={excerpt(hit.viaSkill.description, 200)} query={query} />
          </span>
        )}
        {heading && (
          <span className="mt-0.5 block text-xs text-slate-700 dark:text-slate-300">
            <span className="font-medium">under:</span> <HighlightedText text={excerpt(heading.description, 200)} query={query} />
          </span>
        )}
        {hit.alsoAt !== undefined && hit.alsoAt > 0 && (
          <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
            Also listed in {hit.alsoAt} other {hit.alsoAt === 1 ? 'place' : 'places'} of this framework
          </span>
        )}
        {item && (
          <span className="mt-1 flex flex-wrap gap-1">
            {item.statementType && <Badge>{item.statementType}</Badge>}
            {item.gradeLevel && <Badge tone="blue">{formatGrades(item.gradeLevel)}</Badge>}
            {outside && <Badge tone="amber">Outside your filters</Badge>}
          </span>
        )}
      </button>
      {picker
        ? picked && (
            <span className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-blue-800 dark:text-blue-300">
              <CheckIcon className="h-4 w-4" /> Selected
            </span>
          )
        : item && <SetButton entry={{ item, framework, path: path ?? [] }} />}
    </li>
  );
}

/** "via skill:", or for a skill derived through an identical match, whose it is: "via skill of California 3.NF.A.1 (identical):". */
const viaSkillLabel = (skill: { through?: string }) => (skill.through ? `via skill of ${skill.through} (identical):` : 'via skill:');
