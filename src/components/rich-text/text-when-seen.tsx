/**
 * Texts in lists of many (tree rows, progression cards): plain text with the same meaning
 * (math as readable symbols) until it is on screen and the page is still, then typeset
 * (when-seen-still.ts). The math code (KaTeX, ~80 KB compressed) loads only when a text on
 * screen needs it, after the page's first view, never before its rows or cards are drawn.
 */
import { useEffect, useRef, useState } from 'react';
import { toPlainText } from '../../lib/plain-text';
import { hasHtml, hasMarkup } from './markdown-source';
import { RichText } from './rich-text';
import { whenSeenStill } from '../../lib/when-seen-still';

/** Whether a text reads differently typeset than as plain text (math, emphasis, HTML). */
export const needsTypesetting = (text: string) => hasHtml(text) || hasMarkup(text);

export interface PlainUntilTypesetProps {
  text: string;
  /** Typeset now; until then the text shows as plain text with the same meaning. */
  typeset: boolean;
  className?: string;
  lang?: string | null;
  ref?: React.Ref<HTMLSpanElement>;
}

/**
 * The text itself, without a box of its own: typeset (RichText's element), or the plain
 * string. For a caller whose own element already isolates the text and carries its language
 * (a tree row: one element fewer per row to style and lay out as rows scroll in).
 */
export function plainOrTypeset(text: string, typeset: boolean, lang?: string | null, className?: string): React.ReactNode {
  const markup = needsTypesetting(text);
  if (markup && typeset) return <RichText text={text} inline className={className} lang={lang} />;
  return markup ? toPlainText(text) : text;
}

/** A text typeset, or (not yet) plain; bidi controls in the data stay inside it either way, as RichText keeps them. */
export function PlainUntilTypeset({ text, typeset, className, lang, ref }: PlainUntilTypesetProps) {
  const shown = plainOrTypeset(text, typeset, lang, className);
  if (typeof shown !== 'string') return shown;
  return (
    <span ref={ref} className={className} lang={lang ?? undefined} style={{ unicodeBidi: 'isolate' }}>
      {shown}
    </span>
  );
}

/** A text that typesets itself once seen (a row measures its own box instead: tree-row.tsx). */
export function TextWhenSeen({ text, className, lang }: { text: string | null; className?: string; lang?: string | null }) {
  const value = text ?? '';
  const box = useRef<HTMLSpanElement>(null);
  const [seen, setSeen] = useState<string | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!needsTypesetting(value) || !el) return;
    return whenSeenStill(el, () => setSeen(value));
  }, [value]);
  return <PlainUntilTypeset ref={box} text={value} typeset={seen === value} className={className} lang={lang} />;
}
