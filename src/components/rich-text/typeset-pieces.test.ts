import { describe, expect, it } from 'vitest';
import { MATH, isLong } from './markdown-source';
import { paragraphs, pieces } from './typeset-pieces';

const formulas = (n: number) => Array.from({ length: n }, (_, i) => `step ${i} gives $\\frac{${i}}{${i + 1}} + x^{2}$`).join(' ');
const mathCount = (s: string) => [...s.matchAll(MATH)].length;

describe('typesetting long texts in pieces', () => {
  it('leaves ordinary descriptions whole', () => {
    expect(isLong('Understand a fraction $\\frac{1}{b}$ as the quantity formed by 1 part.')).toBe(false);
    expect(isLong(formulas(30))).toBe(false);
  });

  it('cuts 4,450 formulas into bounded pieces that add up to the text', () => {
    const text = formulas(4450);
    expect(isLong(text)).toBe(true);
    const cut = pieces(text, { formulas: 15, chars: 1500 });
    expect(cut.join(' ')).toBe(text);
    expect(cut.reduce((n, p) => n + mathCount(p), 0)).toBe(4450);
    expect(Math.max(...cut.map(mathCount))).toBeLessThanOrEqual(23);
    expect(cut.length).toBeGreaterThan(4450 / 23);
  });

  it('never cuts inside math or inside emphasis', () => {
    const text = `${'word '.repeat(20)}$a + b + c$ *an emphasised phrase here* and ${'more '.repeat(10)}`;
    for (const limit of [1, 5, 12, 30, 60]) {
      const cut = pieces(text, { formulas: 1, chars: limit });
      expect(cut.join(' ').trimEnd()).toBe(text.trimEnd());
      for (const p of cut) {
        expect(p.split('$').length % 2).toBe(1);
        expect(p.split('*').length % 2).toBe(1);
      }
    }
  });

  it('cuts a long text without math at spaces', () => {
    const text = 'a'.repeat(10) + ' ' + 'word '.repeat(2000);
    const cut = pieces(text, { formulas: 15, chars: 1500 });
    expect(Math.max(...cut.map((p) => p.length))).toBeLessThan(2260);
    expect(cut.join(' ').trimEnd()).toBe(text.trimEnd());
  });

  it('ends a piece at a sentence end when it can', () => {
    const text = Array.from({ length: 40 }, (_, i) => `Sentence ${i} has $x_${i}$ in it.`).join(' ');
    const cut = pieces(text, { formulas: 10, chars: 1000 });
    expect(cut.length).toBe(4);
    for (const p of cut) expect(p.endsWith('.')).toBe(true);
  });

  it('keeps paragraphs apart, but not blank lines inside display math', () => {
    expect(paragraphs('first\n\nsecond\n  \nthird')).toEqual(['first', 'second', 'third']);
    expect(paragraphs('before $$a\n\nb$$ after\n\nnext')).toEqual(['before $$a\n\nb$$ after', 'next']);
  });
});
