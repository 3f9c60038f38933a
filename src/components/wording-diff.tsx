/**
 * Two matched standards' wordings against each other: "Same wording", or the second's
 * text with the words it adds marked and the words of the first it drops struck through
 * (each also named for screen readers, which do not announce <ins> and <del>).
 */
import { useMemo } from 'react';
import { toPlainText } from '../lib/plain-text';
import { sameWording, wordDiff } from '../lib/word-diff';

export interface WordingDiffProps {
  /** The standard read first (the open one, or the compared framework's). */
  from: string | null;
  /** Its match, whose text is shown with the differences marked. */
  to: string | null;
  /** Whose words are whose: "California" and "Common Core". */
  fromName: string;
  toName: string;
  className?: string;
  /** Where no other place shows it: the second text under "Same wording" too. */
  withText?: boolean;
}

export function WordingDiff({ from, to, fromName, toName, className = '', withText }: WordingDiffProps) {
  const a = toPlainText(from) ?? '';
  const b = toPlainText(to) ?? '';
  const parts = useMemo(() => (sameWording(a, b) ? null : wordDiff(a, b)), [a, b]);
  if (!parts)
    return (
      <>
        <p className={`text-xs font-medium text-emerald-800 dark:text-emerald-300 ${className}`}>Same wording</p>
        {withText && <div className="text-slate-700 dark:text-slate-300">{b}</div>}
      </>
    );
  return (
    <p className={`text-sm text-slate-700 dark:text-slate-300 ${className}`}>
      <span className="mr-1 text-xs font-semibold text-amber-800 dark:text-amber-300">
        Wording differs: {toName}'s adds the <span className="rounded bg-emerald-100 px-0.5 dark:bg-emerald-900">marked</span> words;{' '}
        {fromName}'s has the <s>struck</s> ones.
      </span>
      {parts.map((p, i) => (
        <span key={i}>
          {p.gap && ' '}
          {p.kind === 'same' ? (
            p.text
          ) : p.kind === 'added' ? (
            <ins className="rounded bg-emerald-100 px-0.5 text-emerald-950 no-underline dark:bg-emerald-900 dark:text-emerald-50">
              <span className="sr-only">[added: </span>
              {p.text}
              <span className="sr-only">]</span>
            </ins>
          ) : (
            <del className="text-red-800 decoration-red-700 dark:text-red-300 dark:decoration-red-300">
              <span className="sr-only">[only in {fromName}: </span>
              {p.text}
              <span className="sr-only">]</span>
            </del>
          )}
        </span>
      ))}
    </p>
  );
}
