/**
 * Exceptionally long texts, typeset in pieces (loaded only when one is shown).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { MarkdownRendererProps } from './markdown-renderer';
import { paragraphs, pieces } from './typeset-pieces';
import { typesetInTurns } from './typeset-queue';

type Renderer = (props: MarkdownRendererProps) => React.ReactNode;
type MathPlugins = Pick<MarkdownRendererProps, 'remarkPlugins' | 'rehypePlugins'>;

const NONE: ReadonlySet<number> = new Set();

export interface PiecedTextProps {
  text: string;
  inline: boolean;
  Render: Renderer;
  plugins: MathPlugins | Record<string, never>;
  /** Typeset every piece (for print) rather than those near the screen. */
  all: boolean;
}

/**
 * A long text shows at once as written; its pieces are typeset as they come near the
 * screen, a few per task (see typeset-queue), and go back to the text as written when
 * they are far from it: the page stays responsive however long the text is. In a block, each
 * piece is its own box that the browser lays out only near the screen
 * (content-visibility); pieces end at sentence ends where they can (see typeset-pieces).
 */
export function PiecedText({ text, inline, Render, plugins, all }: PiecedTextProps) {
  const parts = useMemo(() => paragraphs(text).map((p) => pieces(p)), [text]);
  const count = parts.reduce((n, p) => n + p.length, 0);
  const elements = useRef<Array<HTMLElement | null>>([]);
  // Which pieces are typeset, for the text they were cut from (a new text starts with none).
  const [state, setState] = useState({ of: parts, typeset: new Set<number>() as ReadonlySet<number> });
  const typeset = state.of === parts ? state.typeset : NONE;
  useEffect(() => {
    const done = new Set<number>();
    const setTypeset = (set: ReadonlySet<number>) => setState({ of: parts, typeset: set });
    const eager = all || typeof IntersectionObserver === 'undefined';
    const near = new Set<number>();
    const next = () => {
      if (eager) return done.size < count ? done.size : -1;
      let first = -1;
      for (const i of near) if (!done.has(i) && (first < 0 || i < first)) first = i;
      return first;
    };
    let cancel: (() => void) | null = null;
    const start = () => {
      if (cancel || next() < 0) return;
      cancel = typesetInTurns(() => {
        const i = next();
        if (i >= 0) {
          done.add(i);
          flushSync(() => setTypeset(new Set(done)));
        }
        if (next() >= 0) return true;
        cancel = null;
        return false;
      });
    };
    if (eager) {
      start();
      return () => cancel?.();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        let dropped = false;
        for (const e of entries) {
          const i = Number((e.target as HTMLElement).dataset.piece);
          if (e.isIntersecting) near.add(i);
          else {
            near.delete(i);
            // Far from the screen again: back to the text as written, so the page holds
            // typeset math for a few screens at most, however far the reader goes.
            dropped = done.delete(i) || dropped;
          }
        }
        if (dropped) setTypeset(new Set(done));
        start();
      },
      { rootMargin: '100% 0px' },
    );
    for (const el of elements.current.slice(0, count)) if (el) observer.observe(el);
    return () => {
      observer.disconnect();
      cancel?.();
    };
  }, [parts, count, all]);
  const Paragraph = inline ? 'span' : 'p';
  const pieceClass = inline ? undefined : 'block [contain-intrinsic-size:auto_6em] [content-visibility:auto]';
  let index = 0;
  return parts.map((paragraph, p) => (
    <Paragraph key={p}>
      {inline && p > 0 && ' '}
      {paragraph.map((piece, i) => {
        const at = index++;
        return (
          <span key={i} data-piece={at} ref={(el) => void (elements.current[at] = el)} className={pieceClass}>
            {inline && i > 0 && ' '}
            {typeset.has(at) ? <Render text={piece} inline {...plugins} /> : piece}
          </span>
        );
      })}
    </Paragraph>
  ));
}
