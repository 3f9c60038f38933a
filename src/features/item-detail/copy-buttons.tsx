import { useState } from 'react';
import type { StandardsItem } from '../../../contract/schemas';
import { copyText } from '../../lib/clipboard';
import { toPlainText } from '../../lib/plain-text';
import { outlineButton } from '../../components/ui/classes';

export interface CopyButtonsProps {
  item: StandardsItem;
  /** The link to copy: read when copied, so it is the view as the address holds it then. */
  permalink: string | (() => string);
  /** The standard's own page (`/items/…`), offered beside a view's link. */
  pageLink?: string;
}

/** What a teacher pastes into a lesson plan: the code and text always travel with the attribution. */
export function itemCitation(item: StandardsItem) {
  return [[item.statementCode, toPlainText(item.description)].filter(Boolean).join(' '), '', item.attributionStatement].join('\n');
}

export function CopyButtons({ item, permalink, pageLink }: CopyButtonsProps) {
  const [status, setStatus] = useState('');
  const copy = async (what: string, text: string) =>
    setStatus((await copyText(text)) ? `Copied ${what}.` : `Could not copy ${what}; select it and copy by hand.`);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {item.statementCode && (
        <button type="button" className={outlineButton} onClick={() => void copy('the code', item.statementCode!)}>
          Copy code
        </button>
      )}
      <button type="button" className={outlineButton} onClick={() => void copy('the text with attribution', itemCitation(item))}>
        Copy text
      </button>
      <button
        type="button"
        className={outlineButton}
        onClick={() => void copy(pageLink ? 'the link to this view' : 'the link', typeof permalink === 'string' ? permalink : permalink())}
      >
        Copy link
      </button>
      {pageLink && (
        <button type="button" className={outlineButton} onClick={() => void copy('the link to the standard’s own page', pageLink)}>
          Copy page link
        </button>
      )}
      <span role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {status}
      </span>
    </div>
  );
}
