import { describe, expect, it } from 'vitest';
import { hasMarkup, hasMath, toMarkdownSource } from './markdown-source';

describe('toMarkdownSource', () => {
  it('escapes HTML-looking text outside math so it shows literally', () => {
    expect(toMarkdownSource('<img src=x onerror=alert(1)> & x < 5')).toBe('\\<img src=x onerror=alert(1)> \\& x \\< 5');
  });
  it('leaves math untouched, even with < inside', () => {
    expect(toMarkdownSource('Compare $a < b$ and <b>')).toBe('Compare $a < b$ and \\<b>');
  });
  it('keeps line-start markers as characters', () => {
    expect(toMarkdownSource('# title\n1. one\n- dash\n> quote')).toBe('\\# title\n1\\. one\n\\- dash\n\\> quote');
  });
  it('keeps emphasis markers for the renderer', () => {
    expect(toMarkdownSource('*For example*, add')).toBe('*For example*, add');
  });
  it('keeps prices as text and their dollars literal, beside real math (7.EE.B.3, 7.EE.B.4.b)', () => {
    expect(toMarkdownSource('you are paid $50 per week plus $3 per sale')).toBe('you are paid \\$50 per week plus \\$3 per sale');
    expect(toMarkdownSource('$25 an hour gets an additional $\\frac{1}{10}$ of her salary, or $2.50')).toBe(
      '\\$25 an hour gets an additional $\\frac{1}{10}$ of her salary, or \\$2.50',
    );
    expect(toMarkdownSource('a door that is $27\\frac{1}{2}$ inches wide')).toBe('a door that is $27\\frac{1}{2}$ inches wide');
  });
  it('detects what needs the renderer and KaTeX', () => {
    expect(hasMath('a fraction $\\frac{1}{b}$')).toBe(true);
    expect(hasMath('costs $5 and $6')).toBe(false); // prices, as Pandoc reads dollars
    expect(hasMath('no math')).toBe(false);
    expect(hasMarkup('plain text, 3 < 4')).toBe(false);
    expect(hasMarkup('*emphasis*')).toBe(true);
  });
});
