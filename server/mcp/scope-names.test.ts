import { describe, expect, it } from 'vitest';
import { JURISDICTIONS } from '../api/jurisdictions';
import { jurisdictionNamed, subjectNamed } from './scope-names';

describe('names a model writes for a jurisdiction or subject', () => {
  it('every state’s postal abbreviation names that state (the table is in the enum’s order)', () => {
    const expected: Record<string, string> = {
      AL: 'Alabama',
      CA: 'California',
      IN: 'Indiana',
      MI: 'Michigan',
      NY: 'New York',
      WV: 'West Virginia',
      WY: 'Wyoming',
      dc: 'Washington, D.C.',
      wa: 'Washington',
    };
    for (const [abbreviation, state] of Object.entries(expected)) expect(jurisdictionNamed(abbreviation)).toBe(state);
    // Every jurisdiction has a two-letter name (Multi-State's is US), and no name is left over.
    const byLetters = new Set<string>();
    for (let a = 65; a < 91; a++)
      for (let b = 65; b < 91; b++) {
        const j = jurisdictionNamed(String.fromCharCode(a, b));
        if (j !== String.fromCharCode(a, b)) byLetters.add(j!);
      }
    expect(byLetters).toEqual(new Set(JURISDICTIONS));
  });

  it('case, spaces and punctuation do not matter; unknown names pass through as written', () => {
    expect(jurisdictionNamed('  new   york ')).toBe('New York');
    expect(jurisdictionNamed('Washington DC')).toBe('Washington, D.C.');
    expect(jurisdictionNamed('District of Columbia')).toBe('Washington, D.C.');
    expect(jurisdictionNamed('multistate')).toBe('Multi-State');
    expect(jurisdictionNamed('Common Core')).toBe('Multi-State');
    expect(jurisdictionNamed('Narnia')).toBe('Narnia');
    expect(jurisdictionNamed(undefined)).toBeUndefined();
    expect(subjectNamed('math')).toBe('Mathematics');
    expect(subjectNamed('ELA')).toBe('English Language Arts');
    expect(subjectNamed('social-studies')).toBe('Social Studies');
    expect(subjectNamed('Art')).toBe('Art');
  });
});
