/**
 * A piece of words and formulas (text-and-formulas) typeset straight into DOM nodes: KaTeX
 * builds each formula's nodes itself (createElement, createTextNode: no HTML string is
 * parsed, so nothing in the TeX can become markup), the words are text nodes. This is what
 * rehype-katex gives the same formula, without the Markdown reader, the HTML string
 * parsed back, or React creating each of a formula's dozens of elements.
 */
import katex from 'katex';
import { KATEX_OPTIONS } from './katex-options';
import type { Formula } from './text-and-formulas';

/** One formula, as rehype-katex typesets it (inline). */
function formula(tex: string): Node {
  const box = document.createElement('span');
  try {
    katex.render(tex, box, KATEX_OPTIONS);
    return box.firstChild ?? box;
  } catch (error) {
    // KaTeX shows what it cannot read as the raw TeX itself (throwOnError off); anything
    // else it throws shows the same way, as rehype-katex does.
    box.className = 'katex-error';
    box.style.color = '#cc0000';
    box.title = String(error);
    box.textContent = tex;
    return box;
  }
}

export function typesetNodes(parts: ReadonlyArray<string | Formula>): DocumentFragment {
  const out = document.createDocumentFragment();
  for (const part of parts) out.append(typeof part === 'string' ? part : formula(part.tex));
  return out;
}
