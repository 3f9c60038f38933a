/** The math half of rich text, in its own chunk: only texts with `$…$` load it. */
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import 'katex/dist/katex.min.css';
import { KATEX_OPTIONS } from './katex-options';

export const remarkPlugins = [remarkMath];
export const rehypePlugins = [[rehypeKatex, KATEX_OPTIONS]] as never[];
