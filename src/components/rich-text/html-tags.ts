/**
 * The HTML that real descriptions carry and that is shown as structure: emphasis, lists,
 * line breaks, sub/superscripts, tables and MathML. Anything else that looks like a tag
 * (`<img …>`, `<script>`, `x < 5`) stays literal text. Attributes are never kept.
 */
export const TEXT_TAGS = ['b', 'strong', 'i', 'em', 'u', 'sub', 'sup', 'br', 'p', 'div', 'span', 'ul', 'ol', 'li'];
export const TABLE_TAGS = ['table', 'thead', 'tbody', 'tr', 'td', 'th'];
export const MATHML_TAGS = [
  'math',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'mrow',
  'mfrac',
  'msqrt',
  'mroot',
  'msub',
  'msup',
  'msubsup',
  'munder',
  'mover',
  'munderover',
  'mtable',
  'mtr',
  'mtd',
  'mstyle',
  'mpadded',
  'mphantom',
  'menclose',
  'semantics',
];
export const SHOWN_TAGS = [...TEXT_TAGS, ...TABLE_TAGS, ...MATHML_TAGS];
/**
 * MathML that is parsed but not shown as itself: annotations are dropped with their
 * content (they may hold anything), actions and errors are unwrapped to their text.
 */
export const DROPPED_MATHML_TAGS = ['annotation', 'annotation-xml', 'maction', 'merror'];

const TAG = new RegExp(`<\\/?(?:${[...SHOWN_TAGS, ...DROPPED_MATHML_TAGS].join('|')})(?:\\s[^<>]*)?\\/?>`, 'gi');

/** The text with every `<` that does not open or close a shown tag escaped, so only those tags parse as HTML. */
export function escapeOtherTags(text: string): string {
  let out = '';
  let at = 0;
  for (const m of text.matchAll(TAG)) {
    out += text.slice(at, m.index).replace(/</g, '&lt;') + m[0];
    at = m.index + m[0].length;
  }
  return out + text.slice(at).replace(/</g, '&lt;');
}

/** Tag spans in a text (to keep an excerpt from cutting inside one). */
export const TAG_SPAN = TAG;
