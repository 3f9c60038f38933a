import { describe, expect, it } from 'vitest';
import { sharedSkills, strengthWord } from './alignment';

describe('alignment strength', () => {
  it('names the strength of a Jaccard number', () => {
    expect([1, 0.8, 2 / 3, 0.5, 1 / 3, 0.2].map(strengthWord)).toEqual([
      'Identical skills',
      'Strong',
      'Strong',
      'Partial',
      'Partial',
      'Weak',
    ]);
  });
  it('says how many skills the two share', () => {
    expect(sharedSkills({ jaccard: 2 / 3, stateLCCount: 3, ccssLCCount: 2, sharedLCCount: 2 })).toBe('shares 2 of 3 skills');
    expect(sharedSkills({ jaccard: 1, stateLCCount: 1, ccssLCCount: 1, sharedLCCount: 1 })).toBe('shares 1 of 1 skill');
  });
});
