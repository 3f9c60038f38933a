/**
 * A crosswalk's strength in words, shared by the app and the tool server so both say the
 * same. The Jaccard number is shared learning components over all the components either
 * standard needs: 1.0 means the two ask for exactly the same skills.
 */
export interface AlignmentNumbers {
  jaccard: number;
  stateLCCount: number;
  ccssLCCount: number;
  sharedLCCount: number;
}

/** The Jaccard number from which a crosswalk rates two standards identical (1.0, as the data writes it, with room for rounding). */
export const IDENTICAL_JACCARD = 0.999;

/** An alignment that rates the two standards identical: they ask for exactly the same skills. */
export const isIdentical = (a: Pick<AlignmentNumbers, 'jaccard'>) => a.jaccard >= IDENTICAL_JACCARD;

export type StrengthWord = 'Identical skills' | 'Strong' | 'Partial' | 'Weak';

/** Thresholds people can hold in their head: all, at least two thirds, at least one third, less. */
export function strengthWord(jaccard: number): StrengthWord {
  if (isIdentical({ jaccard })) return 'Identical skills';
  if (jaccard >= 2 / 3) return 'Strong';
  if (jaccard >= 1 / 3) return 'Partial';
  return 'Weak';
}

/** "shares 2 of 3 skills": shared components of all the components the two standards need together. */
export function sharedSkills(a: AlignmentNumbers): string {
  const union = a.stateLCCount + a.ccssLCCount - a.sharedLCCount;
  return `shares ${a.sharedLCCount} of ${union} skill${union === 1 ? '' : 's'}`;
}
