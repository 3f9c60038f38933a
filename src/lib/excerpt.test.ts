import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt';
import { MATH_SPAN } from './plain-text';

describe('excerpt', () => {
  it('keeps short texts and null as they are', () => {
    expect(excerpt('Count to 100.')).toBe('Count to 100.');
    expect(excerpt(null)).toBeNull();
  });
  it('cuts a long text near the limit, at a space, with an ellipsis', () => {
    const text = 'word '.repeat(200);
    const out = excerpt(text)!;
    expect(out.length).toBeLessThanOrEqual(301);
    expect(out.endsWith('word…')).toBe(true);
  });
  it('never cuts inside math, wherever the limit falls', () => {
    const text = 'Compute $\\frac{1}{2} + \\frac{1}{3}$ and then '.repeat(20);
    for (let max = 20; max < 400; max++) {
      const body = excerpt(text, max)!.slice(0, -1);
      expect(body.replace(MATH_SPAN, ''), `max ${max}`).not.toContain('$');
    }
  });
  it('costs the same however many formulas follow', () => {
    const text = 'Compute $\\frac{1}{2} + \\frac{1}{3}$ and then '.repeat(4000); // ~180 KB, 8,000 formulas
    const out = excerpt(text)!;
    expect(out.length).toBeLessThan(400);
    const body = out.slice(0, -1);
    expect((body.match(/\$/g) ?? []).length % 2).toBe(0);
    expect(body.replace(MATH_SPAN, '')).not.toContain('$');
  });
});

describe('excerpt of text with HTML', () => {
  it('never cuts inside a tag or a MathML formula', () => {
    const text = `${'word '.repeat(58)}<math><mfrac><mn>1</mn><mn>4</mn></mfrac></math> ${'more '.repeat(40)}`;
    const cut = excerpt(text)!;
    expect(cut.includes('<math>') ? cut.includes('</math>') : true).toBe(true);
    expect(/<[^>]*$/.test(cut.replace(/…$/, ''))).toBe(false);
  });
});
