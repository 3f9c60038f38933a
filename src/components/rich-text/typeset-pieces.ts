/**
 * A long text is typeset in pieces, one at a time, so that no single task has to parse
 * and typeset all of it (a 100 KB description with thousands of formulas would freeze
 * the page for seconds). Pieces are cut only at white space outside `$…$` math and
 * outside `*emphasis*`, so each piece renders exactly as it would inside the whole.
 */
import { MATH } from './markdown-source';

export interface PieceLimits {
  /** Formulas per piece: typesetting them is the costly part. */
  formulas: number;
  /** Characters per piece, for long texts without math. */
  chars: number;
}

export const PIECE_LIMITS: PieceLimits = { formulas: 6, chars: 600 };

/** Ranges of the math spans in a text, in order. */
const mathSpans = (text: string) => [...text.matchAll(MATH)].map((m) => [m.index, m.index + m[0].length] as const);

/** The text's paragraphs (split at blank lines outside math). */
export function paragraphs(text: string): string[] {
  const spans = mathSpans(text);
  const out: string[] = [];
  let start = 0;
  for (const m of text.matchAll(/\n[ \t]*\n\s*/g)) {
    if (spans.some(([a, b]) => m.index > a && m.index < b)) continue;
    out.push(text.slice(start, m.index));
    start = m.index + m[0].length;
  }
  out.push(text.slice(start));
  return out.filter((p) => p.trim() !== '');
}

/**
 * One paragraph cut into pieces of about `limits`: past the limit a piece ends at the next
 * sentence end, or at the next space once it is half as long again.
 */
export function pieces(paragraph: string, limits = PIECE_LIMITS): string[] {
  const spans = mathSpans(paragraph);
  const out: string[] = [];
  let start = 0;
  let formulas = 0;
  let stars = 0;
  let next = 0;
  for (let i = 0; i < paragraph.length; i++) {
    const span = spans[next];
    if (span && i === span[0]) {
      i = span[1] - 1;
      next++;
      formulas++;
      continue;
    }
    const c = paragraph[i]!;
    if (c === '*') stars++;
    // An open emphasis is not cut, unless it runs on 1,000 characters past the limit (then it is no emphasis).
    const inEmphasis = stars % 2 === 1 && i - start < limits.chars + 1000;
    const over = Math.max(formulas / limits.formulas, (i - start) / limits.chars);
    const sentenceEnd = /[.!?;]/.test(paragraph[i - 1] ?? '');
    if (/\s/.test(c) && !inEmphasis && (over >= 1.5 || (over >= 1 && sentenceEnd))) {
      out.push(paragraph.slice(start, i));
      start = i + 1;
      formulas = 0;
      stars = 0;
    }
  }
  out.push(paragraph.slice(start));
  return out.filter((p) => p.trim() !== '');
}
