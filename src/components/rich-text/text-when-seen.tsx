/**
 * A short text in a list of many (progression cards, connections): plain text with the same
 * meaning (math as readable symbols) until it is on screen and the page is still, then
 * typeset (when-seen-still.ts). The math code (KaTeX, ~80 KB compressed) loads only when a
 * text on screen needs it, after the page's first view, never before its cards are drawn.
 */
import { useEffect, useRef, useState } from 'react';
import { toPlainText } from '../../lib/plain-text';
import { hasHtml, hasMarkup } from './markdown-source';
import { RichText } from './rich-text';
import { whenSeenStill } from '../../lib/when-seen-still';

export function TextWhenSeen({ text, className, lang }: { text: string | null; className?: string; lang?: string | null }) {
  const value = text ?? '';
  const markup = hasHtml(value) || hasMarkup(value);
  const box = useRef<HTMLSpanElement>(null);
  const [seen, setSeen] = useState<string | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!markup || !el) return;
    return whenSeenStill(el, () => setSeen(value));
  }, [markup, value]);
  if (markup && seen === value) return <RichText text={value} inline className={className} lang={lang} />;
  return (
    <span ref={box} className={className} lang={lang ?? undefined} style={{ unicodeBidi: 'isolate' }}>
      {markup ? toPlainText(value) : value}
    </span>
  );
}
