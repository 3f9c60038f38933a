/**
 * The readable plain-text form of a standard's description, for everything that leaves
 * the app as text (copy, CSV, JSON, the embed's messages): `$\frac{1}{b}$` becomes
 * `1/b`, `$x^{2}$` becomes `x²`, `\le` becomes `≤`, and Markdown emphasis markers go.
 * The source text always travels beside it, so nothing is lost.
 */

const SYMBOLS: Record<string, string> = {
  times: '×',
  div: '÷',
  cdot: '·',
  pm: '±',
  mp: '∓',
  le: '≤',
  leq: '≤',
  ge: '≥',
  geq: '≥',
  ne: '≠',
  neq: '≠',
  lt: '<',
  gt: '>',
  approx: '≈',
  sim: '~',
  cong: '≅',
  equiv: '≡',
  pi: 'π',
  theta: 'θ',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  Delta: 'Δ',
  lambda: 'λ',
  mu: 'μ',
  sigma: 'σ',
  Sigma: 'Σ',
  phi: 'φ',
  omega: 'ω',
  infty: '∞',
  degree: '°',
  circ: '°',
  angle: '∠',
  triangle: '△',
  perp: '⊥',
  parallel: '∥',
  Box: '□',
  square: '□',
  to: '→',
  rightarrow: '→',
  leftarrow: '←',
  leftrightarrow: '↔',
  Rightarrow: '⇒',
  ldots: '…',
  dots: '…',
  cdots: '⋯',
  in: '∈',
  cup: '∪',
  cap: '∩',
  subset: '⊂',
  emptyset: '∅',
  therefore: '∴',
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  log: 'log',
  ln: 'ln',
  quad: ' ',
  qquad: ' ',
};

/** Commands whose argument is shown as it is (text, fonts, accents). */
const WRAPPERS = new Set([
  'text',
  'textrm',
  'textit',
  'textbf',
  'mathrm',
  'mathit',
  'mathbf',
  'mbox',
  'operatorname',
  'overline',
  'underline',
  'overrightarrow',
  'overleftrightarrow',
  'vec',
  'hat',
  'bar',
  'boxed',
]);

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '-': '⁻',
  '+': '⁺',
  n: 'ⁿ',
};
const SUBSCRIPT: Record<string, string> = {
  '0': '₀',
  '1': '₁',
  '2': '₂',
  '3': '₃',
  '4': '₄',
  '5': '₅',
  '6': '₆',
  '7': '₇',
  '8': '₈',
  '9': '₉',
  '-': '₋',
  '+': '₊',
};

/** Reads a `{…}` group (or one character/command) at `i`: its content and where it ends. */
function readArgument(tex: string, i: number): { arg: string; end: number } {
  while (tex[i] === ' ') i++;
  if (tex[i] === '{') {
    let depth = 1;
    let j = i + 1;
    for (; j < tex.length && depth > 0; j++) {
      if (tex[j] === '\\') j++;
      else if (tex[j] === '{') depth++;
      else if (tex[j] === '}') depth--;
    }
    return { arg: tex.slice(i + 1, j - 1), end: j };
  }
  if (tex[i] === '\\') {
    const m = /^\\([a-zA-Z]+|.)/.exec(tex.slice(i));
    if (m) return { arg: m[0], end: i + m[0].length };
  }
  return { arg: tex[i] ?? '', end: Math.min(i + 1, tex.length) };
}

/** Whether the whole of `s` is one parenthesised group: `(n × a)`, not `(a)(b)`. */
function enclosed(s: string): boolean {
  if (!s.startsWith('(') || !s.endsWith(')')) return false;
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')' && --depth === 0 && i < s.length - 1) return false;
  }
  return depth === 0;
}

/** `a+b` needs parentheses in `a+b/c`; a single number or letter does not, nor what has its own. */
const group = (s: string) => (/^[\p{L}\p{N}.,′°]+$/u.test(s) || enclosed(s) ? s : `(${s})`);

function scripted(value: string, map: Record<string, string>, mark: string): string {
  const chars = [...value];
  if (chars.length > 0 && chars.every((c) => map[c])) return chars.map((c) => map[c]).join('');
  return chars.length === 1 ? `${mark}${value}` : `${mark}(${value})`;
}

/** TeX math (the part between `$…$`) as plain text. */
export function texToPlain(tex: string): string {
  let out = '';
  let i = 0;
  while (i < tex.length) {
    const ch = tex[i]!;
    if (ch === '\\') {
      const m = /^\\([a-zA-Z]+|.)/.exec(tex.slice(i));
      const name = m ? m[1]! : '';
      i += m ? m[0].length : 1;
      if (name === 'frac' || name === 'dfrac' || name === 'tfrac') {
        const num = readArgument(tex, i);
        const den = readArgument(tex, num.end);
        i = den.end;
        const a = texToPlain(num.arg).trim();
        const b = texToPlain(den.arg).trim();
        // A mixed number keeps its space: 5 \frac{1}{3} → "5 1/3".
        out += `${/\d$/.test(out) ? ' ' : ''}${group(a)}/${group(b)}`;
      } else if (name === 'sqrt') {
        let index = '';
        if (tex[i] === '[') {
          const close = tex.indexOf(']', i);
          index = texToPlain(tex.slice(i + 1, close < 0 ? tex.length : close));
          i = close < 0 ? tex.length : close + 1;
        }
        const arg = readArgument(tex, i);
        i = arg.end;
        out += `${index ? scripted(index, SUPERSCRIPT, '') : ''}√${group(texToPlain(arg.arg).trim())}`;
      } else if (WRAPPERS.has(name)) {
        const arg = readArgument(tex, i);
        i = arg.end;
        out += texToPlain(arg.arg);
      } else if (name === 'left' || name === 'right' || name === 'displaystyle' || name === 'limits') {
        // Sizing only: the delimiter that follows is kept.
      } else if (name in SYMBOLS) {
        out += SYMBOLS[name];
      } else if (name === ',' || name === ';' || name === ':' || name === ' ' || name === '!') {
        out += name === '!' ? '' : ' ';
      } else if (/^[a-zA-Z]+$/.test(name)) {
        out += name; // an unknown command reads as its name, never as a backslash
      } else {
        out += name; // \{ \} \% \$ \_ \&
      }
    } else if (ch === '^' || ch === '_') {
      const arg = readArgument(tex, i + 1);
      i = arg.end;
      const value = texToPlain(arg.arg).trim();
      out += value === '°' ? '°' : scripted(value, ch === '^' ? SUPERSCRIPT : SUBSCRIPT, ch);
    } else if (ch === '{' || ch === '}') {
      i++;
    } else if (ch === '~') {
      out += ' ';
      i++;
    } else {
      out += ch;
      i++;
    }
  }
  return out.replace(/[ \t]{2,}/g, ' ');
}

/**
 * Math between dollars as Pandoc reads it: the opening `$` is followed by a non-space,
 * the closing one follows a non-space and is not followed by a digit, so prices
 * ("$25 an hour … $2.50") stay text.
 */
export const MATH_SPAN = /\$(?=\S)([^$\n]*?[^\s$\\])\$(?!\d)/g;

// The named entities real descriptions use; numeric ones are decoded whatever they are.
const ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  le: '≤',
  ge: '≥',
  ne: '≠',
  times: '×',
  divide: '÷',
  minus: '−',
};

/** The tags real descriptions carry (see components/rich-text/html-tags.ts); others are text. */
const KNOWN_TAG =
  /<\/?(b|strong|i|em|u|sub|sup|br|p|div|span|ul|ol|li|table|thead|tbody|tr|td|th|math|m[a-z]{1,10}|semantics|annotation(-xml)?)(\s[^<>]*)?\/?>/gi;

/**
 * HTML in a description as text: a fraction in MathML reads `1/4`, a superscript `^2`,
 * list items and cells are separated, other known tags dropped, entities decoded. Text
 * that merely looks like a tag (`<img …>`, `x < 5`) stays as it is.
 */
export function htmlToPlain(text: string): string {
  if (!/[<&]/.test(text)) return text;
  return text
    .replace(/<annotation(-xml)?\b[\s\S]*?<\/annotation(-xml)?>/gi, '')
    .replace(/<mfrac>\s*<m[ino]>([^<]*)<\/m[ino]>\s*<m[ino]>([^<]*)<\/m[ino]>\s*<\/mfrac>/gi, '$1/$2')
    .replace(
      /<(msup|sup)>\s*(?:<m[ino]>)?([^<]*)(?:<\/m[ino]>)?\s*(?:<m[ino]>)?([^<]*)(?:<\/m[ino]>)?\s*<\/\1>/gi,
      (_, tag: string, a: string, b: string) => (tag.toLowerCase() === 'sup' ? `^${a}${b}` : `${a}^${b}`),
    )
    .replace(/<\/li>/gi, '; ')
    .replace(/<\/(p|div|tr|td|th)>|<br\s*\/?>/gi, ' ')
    .replace(KNOWN_TAG, '')
    .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi, (m, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[name.toLowerCase()] ?? m;
    })
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/;\s*(?=$|[.!?;])/g, '')
    .trim();
}

/** A description (Markdown emphasis, `$…$` math, the HTML real descriptions carry) as readable plain text; null stays null. */
export function toPlainText(text: string | null): string | null {
  if (text === null) return null;
  return htmlToPlain(text)
    .replace(MATH_SPAN, (_, tex: string) => texToPlain(tex).trim())
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(?<![\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])/g, '$1')
    .replace(/(?<![\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])/g, '$1');
}
