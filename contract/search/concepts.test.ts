import { describe, expect, it } from 'vitest';
import vocabulary from './everyday-math.json';
import { concepts, gradeFloor, gradePosition, readAsQuery, recognise } from './concepts';

const names = (text: string) => recognise(text).map((r) => r.concept);

describe('the everyday-math vocabulary file', () => {
  it('compiles: every entry has a name, standards words, a cue or pattern, known grades and known needs', () => {
    const { entries } = concepts();
    expect(entries.length).toBeGreaterThan(50);
    expect(new Set(entries.map((e) => e.concept)).size).toBe(entries.length);
    for (const e of entries) {
      expect(e.standards.trim(), e.concept).not.toBe('');
      expect(e.cues.length + (e.patterns?.length ?? 0), e.concept).toBeGreaterThan(0);
      for (const g of e.grades) expect(gradePosition(g), `${e.concept}: ${g}`).toBeDefined();
    }
    expect(vocabulary.units.words).toContain('feet');
  });
});

describe('recognising the mathematics of a text', () => {
  it('reads situations: a ladder against a wall is a right triangle, a discount and tax are percent', () => {
    expect(names('A ladder 13 feet long leans against a wall. How high up the wall does it reach?')).toContain(
      'right triangles (Pythagorean theorem)',
    );
    const jacket = recognise('A jacket costs $80 and is 25% off, then 8% sales tax is added.');
    const percent = jacket.find((r) => r.concept === 'percent')!;
    expect(percent.evidence).toEqual(expect.arrayContaining(['sales tax']));
    expect(percent.evidence.some((e) => e.includes('%'))).toBe(true);
  });

  it('reads notation: fractions, negative numbers, exponents, coordinates; a subtraction is not a negative number', () => {
    expect(names('Lucy had 3/4 of a yard of ribbon.')).toContain('fractions');
    expect(names('The temperature was -12 at dawn.')).toContain('negative numbers');
    expect(names('Sam had 8 - 3 apples.')).not.toContain('negative numbers');
    expect(names('Factor x^2 - 5x - 14.')).toContain('quadratics and factoring');
    expect(names('A tower stands at (3, -2) on the grid.')).toContain('coordinate plane');
  });

  it('matches cues as whole words, a plural too, never by stem ("used" is not "use", "ate" not "at")', () => {
    expect(names('We use the data at school.')).not.toContain('taking from, taking apart');
    expect(names('Pair up the socks: is the number odd?')).toContain('odd and even');
    expect(names('She put 4 rows of chairs.')).toContain('arrays');
  });

  it('needs: a fraction word problem is fractions and taking away together, not taking away alone', () => {
    expect(names('Lucy had 3/4 of a yard left.')).toContain('adding and subtracting fractions');
    expect(names('Lucy had 3 yards left.')).not.toContain('adding and subtracting fractions');
  });

  it('takes a grade floor from notation taught from grade 3 on, never from words or small numbers', () => {
    expect(gradeFloor(recognise('Factor x^2 - 5x - 14.'))).toBe(8);
    expect(gradeFloor(recognise('The temperature fell to -12 degrees.'))).toBe(6);
    expect(gradeFloor(recognise('Mark 1/4 on the number line.'))).toBe(3);
    expect(gradeFloor(recognise('A ladder leans against a wall.'))).toBeUndefined();
    expect(gradeFloor(recognise('3 ducks and 4 ducks: how many ducks?'))).toBeUndefined();
  });

  it('reads a typed search through the vocabulary: "times tables" is multiplication facts', () => {
    expect(readAsQuery('times tables')).toBe('multiplication facts');
    expect(readAsQuery('Times Table practice')).toBe('multiplication facts practice');
    expect(readAsQuery('subtraction with regrouping')).toBe('subtraction with composing decomposing tens');
    expect(readAsQuery('unit fractions')).toBe('unit fractions');
  });

  it('keeps its evidence short on hostile text: 10,000 characters of cues and notation', () => {
    const text = 'ladder (3, -2) 25% off x^2 3/4 '.repeat(400).slice(0, 10_000);
    const found = recognise(text);
    expect(found.length).toBeGreaterThan(3);
    for (const r of found) {
      expect(r.evidence.length).toBeLessThanOrEqual(3);
      for (const e of r.evidence) expect(e.length).toBeLessThanOrEqual(25);
    }
  });
});
