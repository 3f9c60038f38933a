import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_DATA, SAMPLE_DATA } from '../../server/test-support/real-api';
import { MATH_SPAN, texToPlain, toPlainText } from '../../contract/plain-text';

describe('plain text of descriptions, for copy, CSV, JSON and the embed', () => {
  it.each([
    ['Understand a fraction $\\frac{1}{b}$ as the quantity', 'Understand a fraction 1/b as the quantity'],
    ['$\\frac{a}{b} = \\frac{n \\times a}{n \\times b}$', '(a/b) = (n × a)/(n × b)'.replace('(a/b)', 'a/b')],
    ['$x^{2} + y^{2} = 3$', 'x² + y² = 3'],
    ['$y = (1.01)^{12t}$', 'y = (1.01)^(12t)'],
    ['$\\sqrt{3}$ and $\\sqrt[3]{8}$', '√3 and ³√8'],
    ['$5 \\frac{1}{3}$', '5 1/3'],
    // Common Core 4.NF.A.1 writes its own parentheses: they are not doubled, and (a)(b) keeps its group.
    ['$\\frac{(n \\times a)}{(n \\times b)}$', '(n × a)/(n × b)'],
    ['$\\frac{(a)(b)}{2}$', '((a)(b))/2'],
    ['$a \\le b$, $c \\geq d$, $e \\neq f$', 'a ≤ b, c ≥ d, e ≠ f'],
    ['$\\sin^{2}(\\theta) + \\cos^{2}(\\theta) = 1$', 'sin²(θ) + cos²(θ) = 1'],
    ['$90\\degree$ or $90^\\circ$', '90° or 90°'],
    ['$\\left( \\frac{1}{3} \\right)^{3}$', '( 1/3 )³'],
    ['*For example, 3 + 2*', 'For example, 3 + 2'],
    ['**bold** and _italic_ text', 'bold and italic text'],
    ['a < b and 2*3*4', 'a < b and 2*3*4'],
    ['makes $25 an hour, an additional $\\frac{1}{10}$, or $2.50', 'makes $25 an hour, an additional 1/10, or $2.50'],
  ])('%s', (source, plain) => {
    expect(toPlainText(source)).toBe(plain);
  });

  it('keeps null as null and plain text as it is', () => {
    expect(toPlainText(null)).toBeNull();
    expect(toPlainText('Count to 100 by ones and by tens.')).toBe('Count to 100 by ones and by tens.');
  });

  it('reads an unknown command as its name, never as a backslash', () => {
    expect(texToPlain('\\heartsuit x')).toBe('heartsuit x');
  });

  it('leaves no $ or backslash command in any math item of the real data or the sample', () => {
    let checked = 0;
    for (const dir of [REAL_DATA, SAMPLE_DATA]) {
      for (const line of readFileSync(join(dir, 'nodes.jsonl'), 'utf8').split('\n').filter(Boolean)) {
        const { properties } = JSON.parse(line) as { properties: Record<string, string | undefined> };
        for (const text of [properties.description, properties.notes]) {
          if (!text || !text.match(MATH_SPAN)) continue;
          checked++;
          const plain = toPlainText(text)!;
          expect(plain.match(MATH_SPAN), text).toBeNull();
          expect(plain, text).not.toMatch(/\\[a-zA-Z]+/);
          expect(plain, text).not.toMatch(/[{}]/);
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe('HTML in descriptions as plain text', () => {
  it('drops the markup real descriptions carry, decodes entities, reads MathML fractions and powers', () => {
    expect(toPlainText('Add <ul><li>counting on</li><li>making ten</li></ul>')).toBe('Add counting on; making ten');
    expect(toPlainText('<b>Use</b> place value&nbsp;understanding &amp; more &#8804; 5')).toBe('Use place value understanding & more ≤ 5');
    expect(toPlainText('Show <math><mfrac><mn>1</mn><mn>4</mn></mfrac></math> of a whole')).toBe('Show 1/4 of a whole');
    expect(toPlainText('x<sup>2</sup> and <math><msup><mi>x</mi><mn>3</mn></msup></math>')).toBe('x^2 and x^3');
    expect(toPlainText('<math><mi>y</mi><annotation-xml encoding="text/html"><img src=x></annotation-xml></math>')).toBe('y');
  });
  it('leaves text that only looks like a tag as it is', () => {
    expect(toPlainText('<img src=x onerror=alert(1)> and x < 5')).toBe('<img src=x onerror=alert(1)> and x < 5');
  });
});
