/**
 * Prepares a description for the Markdown renderer so that it shows exactly what the
 * data says: HTML-looking text (`<img …>`, `x < 5`) stays literal text, and line-start
 * characters that Markdown would turn into headings or lists stay characters. Only
 * emphasis and `$…$` math are interpreted.
 */
export const MATH = /(\$\$[\s\S]+?\$\$|\$[^$\n]+?\$)/g;

export const hasMath = (text: string) => /\$[^$\n]+?\$/.test(text);
export const hasMarkup = (text: string) => /[*_$\\`]/.test(text);

function protectPlain(part: string) {
  return part
    .replace(/[<&]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([#>+\-=|~]|\d+[.)])/gm, (_m, space: string, marker: string) => `${space}${marker.replace(/([#>+\-=|~.)])/, '\\$1')}`);
}

export function toMarkdownSource(text: string): string {
  return text
    .split(MATH)
    .map((part, i) => (i % 2 === 1 ? part : protectPlain(part)))
    .join('');
}
