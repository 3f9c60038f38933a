/**
 * Most pieces of a long text are words and `$…$` formulas only. Such a piece reads the same
 * without the Markdown reader: its words as they are, each formula typeset by KaTeX. This
 * finds those pieces; any other (emphasis, escapes, brackets, dollars that are not
 * formulas…) goes through the Markdown renderer as every short text does.
 */
import { MATH } from './markdown-source';

/** A formula's TeX, between the text runs of a piece. */
export interface Formula {
  tex: string;
}

/**
 * What the Markdown reader would read as something other than text (emphasis, code, links,
 * images, escapes, entities, HTML, fences), or a dollar it might pair otherwise than MATH.
 * Line-start markers (`#`, `1.`, `>`) are escaped to text for it (markdown-source), so
 * they read as text here too.
 */
const MARKDOWN = /[*_`\\[\]<>&~$]/;

/**
 * The piece as text runs and formulas, in order, when it needs nothing else of Markdown;
 * null when it does. Display math (`$$…$$`) and formulas side by side (`$a$$b$`, which
 * Markdown pairs otherwise) go to the Markdown renderer.
 */
export function textAndFormulas(piece: string): Array<string | Formula> | null {
  const parts = piece.split(MATH);
  const out: Array<string | Formula> = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i % 2 === 0) {
      if (MARKDOWN.test(part)) return null;
      // Between two formulas there must be text: `$a$$b$` pairs otherwise in Markdown.
      if (part === '' && i > 0 && i < parts.length - 1) return null;
      if (part !== '') out.push(part);
    } else {
      if (part.startsWith('$$')) return null;
      out.push({ tex: part.slice(1, -1) });
    }
  }
  return out;
}
