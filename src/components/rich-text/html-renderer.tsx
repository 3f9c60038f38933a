/**
 * Loaded on demand, for texts that carry HTML: the text is parsed as an HTML fragment in
 * which only the shown tags (html-tags.ts) can be elements, cleaned by hast-util-sanitize
 * with an allowlist of those tags and no attributes at all, and rendered as React
 * elements (never innerHTML). Text between the tags still gets Markdown emphasis and
 * `$…$` math through the Markdown renderer. Inline (rows), blocks become spaced spans.
 */
import { memo, type ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { fromHtml } from 'hast-util-from-html';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { Element, ElementContent, Root } from 'hast';
import type { MarkdownRendererProps } from './markdown-renderer';
import { escapeOtherTags, MATHML_TAGS, SHOWN_TAGS, TABLE_TAGS } from './html-tags';
import { hasMarkup } from './markdown-source';

const SCHEMA: Schema = {
  tagNames: [...SHOWN_TAGS, 'md-text'],
  attributes: {},
  protocols: {},
  ancestors: {},
  required: {},
  clobberPrefix: '',
  clobber: [],
  // MathML annotations may hold anything: dropped with their content.
  strip: ['script', 'style', 'annotation', 'annotation-xml'],
};

/** Text runs with Markdown or math go to the Markdown renderer as `md-text` elements. */
function markText(nodes: ElementContent[]): ElementContent[] {
  return nodes.map((node) => {
    if (node.type === 'text' && hasMarkup(node.value))
      return { type: 'element', tagName: 'md-text', properties: {}, children: [node] } satisfies Element;
    if (node.type === 'element' && !MATHML_TAGS.includes(node.tagName)) return { ...node, children: markText(node.children) };
    return node;
  });
}

const spaced =
  (tag: 'span') =>
  ({ children }: { children?: ReactNode }) =>
    jsxs(tag, { children: [children, ' '] });
const INLINE: Partial<Components> = Object.fromEntries(
  ['p', 'div', 'ul', 'ol', 'li', 'br', ...TABLE_TAGS].map((t) => [t, t === 'br' ? () => ' ' : spaced('span')]),
);

export interface HtmlRendererProps extends Omit<MarkdownRendererProps, 'text'> {
  text: string;
  Markdown: (props: MarkdownRendererProps) => ReactNode;
}

export default memo(function HtmlRenderer({ text, inline, Markdown, remarkPlugins, rehypePlugins }: HtmlRendererProps) {
  const parsed: Root = fromHtml(escapeOtherTags(text), { fragment: true });
  const clean = sanitize(parsed, SCHEMA) as Root;
  clean.children = markText(clean.children as ElementContent[]) as Root['children'];
  const components = {
    ...(inline ? INLINE : {}),
    'md-text': ({ children }: { children?: ReactNode }) => (
      <Markdown text={String(children ?? '')} inline remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} />
    ),
  } as Partial<Components>;
  const content = toJsxRuntime(clean, { Fragment, jsx, jsxs, components, space: 'html' });
  return inline ? content : <div className={BLOCK}>{content}</div>;
});

// Lists, paragraphs and tables as a reader expects them (the base styles reset them).
const BLOCK =
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_p]:mt-1 [&_table]:my-1 [&_td]:border [&_th]:border [&_td]:border-slate-300 [&_th]:border-slate-300 [&_td]:px-1.5 [&_th]:px-1.5 dark:[&_td]:border-slate-600 dark:[&_th]:border-slate-600';
