import type { KatexOptions } from 'katex';

/**
 * How every formula is typeset, through rehype-katex or straight by KaTeX (long texts).
 * KaTeX's own trust/HTML extensions stay off: data cannot inject markup through TeX.
 * Sizes the data gives (\rule, \kern, \hspace…) are capped at 10em and macro expansion
 * bounded, so a formula can neither black out the page nor stall it. A formula KaTeX
 * cannot read shows as its raw text (throwOnError off).
 */
export const KATEX_OPTIONS = {
  throwOnError: false,
  strict: 'ignore',
  trust: false,
  output: 'htmlAndMathml',
  maxSize: 10,
  maxExpand: 200,
} as const satisfies KatexOptions;
