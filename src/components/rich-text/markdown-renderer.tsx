/**
 * Loaded on demand: react-markdown renders to React elements (never innerHTML), with
 * raw HTML off; math plugins are passed in only for texts that contain math.
 */
import { memo } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import { toMarkdownSource } from './markdown-source';

// Structure Markdown could invent from plain text; its text content is kept.
const DISALLOWED = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'img', 'ul', 'ol', 'li', 'pre', 'code', 'blockquote', 'hr', 'table', 'br'];

const inlineComponents: Components = { p: ({ children }) => <span>{children}</span> };

export interface MarkdownRendererProps {
  text: string;
  inline: boolean;
  remarkPlugins?: Options['remarkPlugins'];
  rehypePlugins?: Options['rehypePlugins'];
}

// Parsing Markdown and typesetting TeX is the costly part of a row: done once per text,
// not again each time the tree re-renders around it.
export default memo(function MarkdownRenderer({ text, inline, remarkPlugins, rehypePlugins }: MarkdownRendererProps) {
  return (
    <Markdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      disallowedElements={DISALLOWED}
      unwrapDisallowed
      skipHtml
      components={inline ? inlineComponents : undefined}
    >
      {toMarkdownSource(text)}
    </Markdown>
  );
});
