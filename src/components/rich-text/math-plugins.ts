/** The math half of rich text, in its own chunk: only texts with `$…$` load it. */
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import 'katex/dist/katex.min.css';

export const remarkPlugins = [remarkMath];
// KaTeX's own trust/HTML extensions stay off: data cannot inject markup through TeX.
// Sizes the data gives (\rule, \kern, \hspace…) are capped at 10em and macro expansion
// bounded, so a formula can neither black out the page nor stall it.
export const rehypePlugins = [
  [rehypeKatex, { throwOnError: false, strict: 'ignore', trust: false, output: 'htmlAndMathml', maxSize: 10, maxExpand: 200 }],
] as never[];
