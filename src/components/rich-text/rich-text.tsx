import { useEffect, useState } from 'react';
import { AsWritten } from './as-written';
import type { MarkdownRendererProps } from './markdown-renderer';
import { hasHtml, hasMarkup, hasMath, isLong } from './markdown-source';
import type { PiecedTextProps } from './pieced-text';
import type { HtmlRendererProps } from './html-renderer';

type Renderer = (props: MarkdownRendererProps) => React.ReactNode;
type MathPlugins = Pick<MarkdownRendererProps, 'remarkPlugins' | 'rehypePlugins'>;

let renderer: Renderer | null = null;
let mathPlugins: MathPlugins | null = null;
// Only exceptionally long texts are typeset in pieces (see pieced-text): loaded when one is shown.
let pieced: ((props: PiecedTextProps) => React.ReactNode) | null = null;
// Texts that carry HTML (lists, emphasis, MathML; see html-renderer): loaded when one is shown.
let htmlRenderer: ((props: HtmlRendererProps) => React.ReactNode) | null = null;

function useLoaded(needsMarkdown: boolean, needsMath: boolean, needsPieces: boolean, needsHtml: boolean) {
  const [, rerender] = useState(0);
  useEffect(() => {
    let cancelled = false;
    const loads: Promise<unknown>[] = [];
    if (needsMarkdown && !renderer) loads.push(import('./markdown-renderer').then((m) => (renderer = m.default)));
    if (needsMath && !mathPlugins) loads.push(import('./math-plugins').then((m) => (mathPlugins = m)));
    if (needsPieces && !pieced) loads.push(import('./pieced-text').then((m) => (pieced = m.PiecedText)));
    if (needsHtml && !htmlRenderer) loads.push(import('./html-renderer').then((m) => (htmlRenderer = m.default)));
    if (loads.length) void Promise.all(loads).then(() => !cancelled && rerender((n) => n + 1));
    return () => {
      cancelled = true;
    };
  }, [needsMarkdown, needsMath, needsPieces, needsHtml]);
  return { renderer, math: mathPlugins, pieced, html: htmlRenderer };
}

export interface RichTextProps {
  text: string | null;
  /** Inline (tree rows, one line) or block (detail paragraphs). */
  inline?: boolean;
  className?: string;
  /** The text's language (the item's `inLanguage`), so screen readers speak it right. */
  lang?: string | null;
  /** Typeset all of a long text, not only what comes near the screen (print). */
  typesetAll?: boolean;
}

/**
 * Bidi controls in the data (an unterminated right-to-left override) stay inside the
 * text: isolated, they cannot reverse the code or the words beside it.
 */
const ISOLATE = { unicodeBidi: 'isolate' } as const;

// One object, so that a long text's memoized pieces do not all re-render with the page.
const NO_PLUGINS = {};

/**
 * Standards text with Markdown emphasis, `$…$` math and the HTML real descriptions carry
 * (lists, emphasis, sub/superscripts, tables, MathML) rendered; anything else that looks
 * like markup shown literally. Plain text renders at once; the renderers (and KaTeX, only
 * for math) load on first need, showing the raw text meanwhile.
 */
export function RichText({ text, inline = false, className, lang, typesetAll = false }: RichTextProps) {
  const value = text ?? '';
  const html = hasHtml(value);
  const markup = html || hasMarkup(value);
  const math = markup && hasMath(value);
  const long = markup && !html && isLong(value);
  const loaded = useLoaded(markup, math, long, html);
  const Tag = inline ? 'span' : 'div';
  const Render = loaded.renderer;
  const Pieced = loaded.pieced;
  const Html = loaded.html;
  if (!markup || !Render || (math && !loaded.math) || (long && !Pieced) || (html && !Html))
    return (
      <Tag className={className} lang={lang ?? undefined} style={ISOLATE}>
        {long && !inline ? <AsWritten text={value} /> : value}
      </Tag>
    );
  return (
    <Tag className={className} lang={lang ?? undefined} style={ISOLATE}>
      {html && Html ? (
        <Html text={value} inline={inline} Markdown={Render} {...(math ? loaded.math : {})} />
      ) : long && Pieced ? (
        <Pieced text={value} inline={inline} Render={Render} plugins={math ? loaded.math! : NO_PLUGINS} all={typesetAll} />
      ) : (
        <Render text={value} inline={inline} {...(math ? loaded.math : {})} />
      )}
    </Tag>
  );
}
