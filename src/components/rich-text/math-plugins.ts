/** The math half of rich text, in its own chunk: only texts with `$…$` load it. */
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import 'katex/dist/katex.min.css';

export const remarkPlugins = [remarkMath];
// KaTeX's own trust/HTML extensions stay off: data cannot inject markup through TeX.
export const rehypePlugins = [[rehypeKatex, { throwOnError: false, strict: 'ignore', trust: false, output: 'htmlAndMathml' }]] as never[];
