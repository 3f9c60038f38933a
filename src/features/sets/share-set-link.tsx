import { useId, useState } from 'react';
import { outlineButton, field } from '../../components/ui/classes';
import { copyText } from '../../lib/clipboard';
import { LINK_BUDGET, setLink, SetLinkError } from '../../lib/set-link';
import { describeSet } from '../../lib/set-count';
import { frameworksOf } from '../../lib/set-groups';
import type { StandardSet } from '../../lib/sets-store';

/**
 * "Copy share link": the whole set (name, note, ids) in the link's fragment. The link is
 * shown too, with its length, so it can be copied by hand where the clipboard is refused.
 */
export function ShareSetLink({ set }: { set: StandardSet }) {
  const [shared, setShared] = useState<{ link: string; copied: boolean; for: string } | { error: string; for: string } | null>(null);
  const linkId = useId();
  const key = `${set.id}:${set.updatedAt}`;
  const share = async () => {
    try {
      const link = setLink(window.location.origin, {
        name: set.name,
        note: set.note,
        setId: set.id,
        // Named so that a device without them can say which framework to save.
        frameworks: frameworksOf(set.entries),
        ids: set.entries.map((e) => e.item.caseIdentifierUUID),
      });
      setShared({ link, copied: await copyText(link), for: key });
    } catch (e) {
      setShared({ error: e instanceof SetLinkError ? e.message : 'The link could not be made.', for: key });
    }
  };
  // A link made before the set changed no longer carries it: it is not shown.
  const current = shared?.for === key ? shared : null;
  return (
    <div className="space-y-2">
      <button type="button" className={outlineButton} disabled={set.entries.length === 0} onClick={() => void share()}>
        Copy share link
      </button>
      {current && 'error' in current && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {current.error}
        </p>
      )}
      {current && 'link' in current && (
        <div className="space-y-1">
          <label htmlFor={linkId} className="block text-sm text-slate-700 dark:text-slate-300">
            {current.copied ? 'Copied. ' : 'Copy this link: '}
            It carries {describeSet(set.entries)} in {current.link.length.toLocaleString('en-US')} characters; nothing is kept on a server.
          </label>
          <input
            id={linkId}
            readOnly
            value={current.link}
            onFocus={(e) => e.currentTarget.select()}
            className={`${field} w-full font-mono text-xs`}
          />
          {current.link.length > LINK_BUDGET && (
            <p className="text-sm text-amber-800 dark:text-amber-300">
              Longer than {LINK_BUDGET.toLocaleString('en-US')} characters: some LMS fields and chat apps cut links this long. Share the
              exported JSON or CSV instead; it loads back as the same set.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
