/**
 * An alignment's strength as people read it (the words themselves are shared with the
 * tool server, in contract/alignment-strength.ts).
 */
export { isIdentical, sharedSkills, strengthWord, type AlignmentNumbers, type StrengthWord } from '../../contract/alignment-strength';

/** Common Core items carry this jurisdiction; the crosswalks link state standards to them. */
import { COMMON_CORE_JURISDICTION } from '../../contract/derived/through-matches';
import { IDENTICAL_JACCARD } from '../../contract/alignment-strength';

export { COMMON_CORE_JURISDICTION };

/** A jurisdiction as people name it: Common Core's is "Common Core". */
export const commonName = (jurisdiction: string | null) => (jurisdiction === COMMON_CORE_JURISDICTION ? 'Common Core' : jurisdiction);

export const jaccardText = (jaccard: number) => jaccard.toFixed(2);

/** The minimum-strength choices a filter offers, as Jaccard thresholds. */
export const STRENGTH_THRESHOLDS: ReadonlyArray<{ label: string; min: number }> = [
  { label: 'Any strength', min: 0 },
  { label: 'Partial or stronger (≥ 0.33)', min: 1 / 3 },
  { label: 'Strong or identical (≥ 0.67)', min: 2 / 3 },
  { label: 'Identical skills (1.00)', min: IDENTICAL_JACCARD },
];
