/**
 * Prepares a description for the Markdown renderer so that it shows exactly what the
 * data says: HTML-looking text (`<img …>`, `x < 5`) stays literal text, and line-start
 * characters that Markdown would turn into headings or lists stay characters. Only
 * emphasis and `$…$` math are interpreted.
 */
/**
 * Math between dollars as Pandoc reads it (and as the plain text reads it, contract/
 * plain-text.ts): the opening `$` is followed by a non-space, the closing one follows a
 * non-space and is not followed by a digit. So prices stay text: "paid $50 per week plus
 * $3 per sale" is words, not a formula "50perweekplus3". `$$…$$` is display math.
 */
export const MATH = /(\$\$[\s\S]+?\$\$|\$(?=\S)[^$\n]*?[^\s$\\]\$(?!\d))/g;

export const hasMath = (text: string) => /\$(?=\S)[^$\n]*?[^\s$\\]\$(?!\d)/.test(text);
export const hasMarkup = (text: string) => /[*_$\\`]/.test(text);

function protectPlain(part: string) {
  return (
    part
      .replace(/[<&]/g, (c) => `\\${c}`)
      // A dollar outside math is a dollar (a price): the Markdown math reader must not pair it.
      .replace(/(?<!\\)\$/g, '\\$')
      .replace(/^(\s*)([#>+\-=|~]|\d+[.)])/gm, (_m, space: string, marker: string) => `${space}${marker.replace(/([#>+\-=|~.)])/, '\\$1')}`)
  );
}

export function toMarkdownSource(text: string): string {
  return text
    .split(MATH)
    .map((part, i) => (i % 2 === 1 ? part : protectPlain(part)))
    .join('');
}

/**
 * Whether a text is long enough to be typeset in pieces rather than at once. The real
 * data's longest description has 847 characters: only exceptional texts are cut.
 */
export function isLong(text: string): boolean {
  if (text.length > 3000) return true;
  const spans = text.matchAll(MATH); // stops reading at the 41st formula
  for (let formulas = 0; !spans.next().done;) if (++formulas > 40) return true;
  return false;
}

/**
 * Whether a text may carry HTML to render (a tag or an entity): a cheap first look, so
 * the tag lists and the HTML renderer load only for such texts; the renderer itself shows
 * anything but its known tags literally (html-tags.ts).
 */
export const hasHtml = (text: string) =>
  /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|&(?:[a-z][a-z0-9]{1,31}|#\d{1,7}|#x[0-9a-f]{1,6});/i.test(text);
