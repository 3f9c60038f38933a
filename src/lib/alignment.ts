/**
 * An alignment's strength as people read it. The Jaccard number is shared learning
 * components over all the components either standard needs: 1.0 means the two ask for
 * exactly the same skills.
 */
export interface AlignmentNumbers {
  jaccard: number;
  stateLCCount: number;
  ccssLCCount: number;
  sharedLCCount: number;
}

/** Common Core items carry this jurisdiction; the crosswalks link state standards to them. */
export const COMMON_CORE_JURISDICTION = 'Multi-State';

/** A jurisdiction as people name it: Common Core's is "Common Core". */
export const commonName = (jurisdiction: string | null) => (jurisdiction === COMMON_CORE_JURISDICTION ? 'Common Core' : jurisdiction);

/** An alignment that rates the two standards identical: they ask for exactly the same skills. */
export const isIdentical = (a: Pick<AlignmentNumbers, 'jaccard'>) => a.jaccard >= 0.999;

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

export const jaccardText = (jaccard: number) => jaccard.toFixed(2);

/** The minimum-strength choices a filter offers, as Jaccard thresholds. */
export const STRENGTH_THRESHOLDS: ReadonlyArray<{ label: string; min: number }> = [
  { label: 'Any strength', min: 0 },
  { label: 'Partial or stronger (≥ 0.33)', min: 1 / 3 },
  { label: 'Strong or identical (≥ 0.67)', min: 2 / 3 },
  { label: 'Identical skills (1.00)', min: 0.999 },
];
