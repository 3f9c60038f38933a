/**
 * Exceptionally long texts, typeset in pieces (loaded only when one is shown).
 */
import { memo, useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import type { MarkdownRendererProps } from './markdown-renderer';
import { textAndFormulas } from './text-and-formulas';
import { paragraphs, pieces } from './typeset-pieces';
import { typesetNearScreen } from './typeset-near-screen';
import { typesetNodes } from './typeset-nodes';

type Renderer = (props: MarkdownRendererProps) => React.ReactNode;
type MathPlugins = Pick<MarkdownRendererProps, 'remarkPlugins' | 'rehypePlugins'>;

export interface PiecedTextProps {
  text: string;
  inline: boolean;
  Render: Renderer;
  plugins: MathPlugins | Record<string, never>;
  /** Typeset every piece (for print) rather than those near the screen. */
  all: boolean;
}

/**
 * Which pieces are typeset. Each piece listens for its own index only, so typesetting one
 * re-renders that one: with hundreds of pieces, re-rendering them all for each would cost
 * more than the typesetting.
 */
class Typeset {
  /** The pieces' boxes, watched for coming near the screen. */
  readonly elements: Array<HTMLElement | null> = [];
  private readonly on = new Set<number>();
  private readonly listeners = new Map<number, () => void>();
  has = (i: number) => this.on.has(i);
  set(i: number, typeset: boolean) {
    if (typeset === this.on.has(i)) return;
    if (typeset) this.on.add(i);
    else this.on.delete(i);
    this.listeners.get(i)?.();
  }
  register(i: number, el: HTMLElement | null) {
    this.elements[i] = el;
  }
  subscribe(i: number, listener: () => void) {
    this.listeners.set(i, listener);
    return () => void this.listeners.delete(i);
  }
}

/**
 * A long text shows at once as written; its pieces are typeset as they come near the
 * screen, a few per task, and go back to the text as written when they are far from it
 * (see typeset-near-screen): the page stays responsive however long the text is. In a
 * block, each piece is its own box that the browser lays out only near the screen
 * (content-visibility); pieces end at sentence ends where they can (see typeset-pieces).
 */
export const PiecedText = memo(function PiecedText({ text, inline, Render, plugins, all }: PiecedTextProps) {
  // A new text starts with none typeset.
  const { parts, typeset } = useMemo(() => ({ parts: paragraphs(text).map((p) => pieces(p)), typeset: new Typeset() }), [text]);
  const count = parts.reduce((n, p) => n + p.length, 0);
  useEffect(
    () =>
      typesetNearScreen({
        elements: typeset.elements.slice(0, count),
        // Typeset now, inside the queue's budget for this task (only this piece renders).
        set: (i, on) => (on ? flushSync(() => typeset.set(i, true)) : typeset.set(i, false)),
        all,
      }),
    [count, all, typeset],
  );
  const box = useRef<HTMLDivElement>(null);
  const firstLength = parts[0]?.[0]?.length ?? 0;
  useEffect(
    () => (inline ? undefined : measureHeightPerChar(typeset.elements[0], firstLength, box.current)),
    [typeset, firstLength, inline],
  );
  const Paragraph = inline ? 'span' : 'p';
  let index = 0;
  const shown = parts.map((paragraph, p) => (
    <Paragraph key={p}>
      {inline && p > 0 && ' '}
      {paragraph.map((piece, i) => (
        <Piece
          key={i}
          at={index++}
          text={piece}
          inline={inline}
          space={inline && i > 0}
          typeset={typeset}
          Render={Render}
          plugins={plugins}
        />
      ))}
    </Paragraph>
  ));
  return inline ? shown : <div ref={box}>{shown}</div>;
});

/**
 * How tall the text is per character where the browser has laid it out (the first piece,
 * of `length` characters), kept on `box` as `--px-per-char`: a piece not laid out yet
 * (content-visibility) is taken to be as tall as its length says, so the page is about as
 * long as the text from the start. A fixed 6em a piece was a third of a piece of formulas:
 * the 190 KB text's page grew to 2.5 times its first length under the reader.
 */
function measureHeightPerChar(first: HTMLElement | null | undefined, length: number, box: HTMLElement | null) {
  if (!first || !box || !length || typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(([entry]) => {
    // Not laid out (off the screen), its size is the estimate itself.
    if (!entry || !first.checkVisibility?.({ contentVisibilityAuto: true })) return;
    box.style.setProperty('--px-per-char', `${entry.contentRect.height / length}px`);
  });
  observer.observe(first);
  return () => observer.disconnect();
}

interface PieceProps {
  at: number;
  text: string;
  /** A space before it (inline pieces are cut at one). */
  space: boolean;
  /** In a line (rows): no box of its own. */
  inline: boolean;
  typeset: Typeset;
  Render: Renderer;
  plugins: MathPlugins | Record<string, never>;
}

const Piece = memo(function Piece({ at, text, inline, space, typeset, Render, plugins }: PieceProps) {
  const subscribe = useCallback((listener: () => void) => typeset.subscribe(at, listener), [typeset, at]);
  const on = useSyncExternalStore(subscribe, () => typeset.has(at));
  const register = useCallback((el: HTMLElement | null) => typeset.register(at, el), [typeset, at]);
  return (
    <span
      data-piece={at}
      ref={register}
      className={inline ? undefined : 'block [content-visibility:auto]'}
      // Until measured, 0.25px a character: about 6em for a piece of formulas.
      style={inline ? undefined : { containIntrinsicSize: `auto calc(var(--px-per-char, 0.25px) * ${text.length})` }}
    >
      {space && ' '}
      {on ? <TypesetPiece text={text} Render={Render} plugins={plugins} /> : text}
    </span>
  );
});

/** Words and formulas typeset straight by KaTeX; anything else by the Markdown renderer. */
function TypesetPiece({ text, Render, plugins }: { text: string; Render: Renderer; plugins: PieceProps['plugins'] }) {
  const parts = useMemo(() => textAndFormulas(text), [text]);
  const fill = useCallback((el: HTMLElement | null) => void (parts && el?.replaceChildren(typesetNodes(parts))), [parts]);
  return parts ? <span ref={fill} /> : <Render text={text} inline {...plugins} />;
}
