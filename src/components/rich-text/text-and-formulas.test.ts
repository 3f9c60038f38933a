import { describe, expect, it } from 'vitest';
import { textAndFormulas } from './text-and-formulas';
import { pieces } from './typeset-pieces';

describe('pieces of words and formulas, typeset without the Markdown reader', () => {
  it('reads a piece of words and $…$ formulas as its text runs and TeX, in order', () => {
    expect(textAndFormulas('step 1 gives $\\frac{1}{2} + x^{2}$ and $y$.')).toEqual([
      'step 1 gives ',
      { tex: '\\frac{1}{2} + x^{2}' },
      ' and ',
      { tex: 'y' },
      '.',
    ]);
    expect(textAndFormulas('$a < b$ ends it')).toEqual([{ tex: 'a < b' }, ' ends it']);
    expect(textAndFormulas('no formula at all')).toEqual(['no formula at all']);
  });

  it('leaves to the Markdown renderer every piece it would read otherwise', () => {
    for (const piece of [
      'with *emphasis* and $x$', // emphasis
      'under_scores $x$',
      'a `code` span $x$',
      'a [link](javascript:alert(1)) $x$', // a link Markdown unwraps to its words
      'an escaped \\* star $x$',
      'x < 5 and $x$', // HTML-looking text, escaped for the Markdown reader
      'fish &amp; chips $x$', // an entity
      'paid $50 per week and $x$', // a price beside a formula
      'display $$x^2$$ math',
      'side by side $a$$b$', // Markdown pairs these otherwise
      '~~~ fence $x$',
    ])
      expect(textAndFormulas(piece), piece).toBeNull();
  });

  it('takes the formulas of the long hostile text whole: every piece of it is words and formulas', () => {
    const text = Array.from({ length: 200 }, (_, i) => `step ${i} gives $\\frac{${i}}{${i + 1}} + x^{2}$`).join(' ');
    const cut = pieces(text);
    const read = cut.map(textAndFormulas);
    expect(read.every((parts) => parts !== null)).toBe(true);
    expect(read.flat().filter((p) => typeof p !== 'string')).toHaveLength(200);
    // Put back together, the runs and formulas are the text.
    const written = read.map((parts) => parts!.map((p) => (typeof p === 'string' ? p : `$${p.tex}$`)).join(''));
    expect(written.join(' ')).toBe(text);
  });
});
