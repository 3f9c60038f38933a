import { useEffect, useState } from 'react';
import type { MarkdownRendererProps } from './markdown-renderer';
import { hasMarkup, hasMath } from './markdown-source';

type Renderer = (props: MarkdownRendererProps) => React.ReactNode;
type MathPlugins = Pick<MarkdownRendererProps, 'remarkPlugins' | 'rehypePlugins'>;

let renderer: Renderer | null = null;
let mathPlugins: MathPlugins | null = null;

function useLoaded(needsMarkdown: boolean, needsMath: boolean) {
  const [, rerender] = useState(0);
  useEffect(() => {
    let cancelled = false;
    const loads: Promise<unknown>[] = [];
    if (needsMarkdown && !renderer) loads.push(import('./markdown-renderer').then((m) => (renderer = m.default)));
    if (needsMath && !mathPlugins) loads.push(import('./math-plugins').then((m) => (mathPlugins = m)));
    if (loads.length) void Promise.all(loads).then(() => !cancelled && rerender((n) => n + 1));
    return () => {
      cancelled = true;
    };
  }, [needsMarkdown, needsMath]);
  return { renderer, math: mathPlugins };
}

export interface RichTextProps {
  text: string | null;
  /** Inline (tree rows, one line) or block (detail paragraphs). */
  inline?: boolean;
  className?: string;
  /** The text's language (the item's `inLanguage`), so screen readers speak it right. */
  lang?: string | null;
}

/**
 * Standards text with Markdown emphasis and `$…$` math rendered, and everything else,
 * HTML-looking text included, shown literally. Plain text renders at once; the
 * renderer (and KaTeX, only for math) load on first need, showing the raw text meanwhile.
 */
/**
 * Bidi controls in the data (an unterminated right-to-left override) stay inside the
 * text: isolated, they cannot reverse the code or the words beside it.
 */
const ISOLATE = { unicodeBidi: 'isolate' } as const;

export function RichText({ text, inline = false, className, lang }: RichTextProps) {
  const value = text ?? '';
  const markup = hasMarkup(value);
  const math = markup && hasMath(value);
  const loaded = useLoaded(markup, math);
  const Tag = inline ? 'span' : 'div';
  const Render = loaded.renderer;
  if (!markup || !Render || (math && !loaded.math))
    return (
      <Tag className={className} lang={lang ?? undefined} style={ISOLATE}>
        {value}
      </Tag>
    );
  return (
    <Tag className={className} lang={lang ?? undefined} style={ISOLATE}>
      <Render text={value} inline={inline} {...(math ? loaded.math : {})} />
    </Tag>
  );
}
