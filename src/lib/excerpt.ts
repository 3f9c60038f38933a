/**
 * The start of a long text, for places that show one line (tree rows, search results):
 * their cost must not grow with the text (a 100 KB description with thousands of
 * formulas would otherwise be typeset whole to show its first words). The cut never
 * falls inside `$…$` math, a tag or a MathML formula, so what is shown renders as it would in full.
 */
import { MATH_SPAN } from './plain-text';

export function excerpt(text: string | null, max = 300): string | null {
  if (text === null || text.length <= max) return text;
  // Math spans that begin before the limit (the scan stops there, whatever the text's length).
  const spans: Array<[number, number]> = [];
  for (const m of text.matchAll(MATH_SPAN)) {
    if (m.index! >= max) break;
    spans.push([m.index!, m.index! + m[0].length]);
  }
  // Nor inside a tag or a MathML formula the text carries.
  for (const m of text.matchAll(/<math\b[\s\S]*?<\/math>|<[^<>]*>/gi)) {
    if (m.index! >= max) break;
    spans.push([m.index!, m.index! + m[0].length]);
  }
  spans.sort((x, y) => x[0] - y[0]);
  const inMath = (i: number) => spans.some(([start, stop]) => i > start && i < stop);
  let end = max;
  const crossing = spans.find(([start, stop]) => start < end && stop > end);
  // A formula that crosses the limit is kept whole when short, else left out.
  if (crossing) end = crossing[1] - crossing[0] <= 200 ? crossing[1] : crossing[0];
  let cut = end;
  for (let i = end; i > end - 40 && i > 0; i--) {
    if (text[i] === ' ' && !inMath(i)) {
      cut = i;
      break;
    }
  }
  return `${text.slice(0, cut).trimEnd()}…`;
}
