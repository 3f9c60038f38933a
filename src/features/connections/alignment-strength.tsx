import { sharesText } from '../../../contract/derived/crosswalk-evidence';
import { jaccardText, strengthWord, type AlignmentNumbers } from '../../lib/alignment';

/**
 * "Identical skills · 1.00 · shares 2 of 2 skills": the words first, then the numbers
 * behind them; the counts as the evidence states them (see useCrosswalkEvidence), the
 * alignment record's own where no list is at hand.
 */
/** A strength's colour: green where the skills agree (identical, strong, or the very same text), amber where they do less. */
export const strengthTone = (word: string) =>
  word === 'Identical skills' || word === 'Strong' || word === 'Identical text'
    ? 'text-emerald-800 dark:text-emerald-300'
    : 'text-amber-800 dark:text-amber-300';

export function AlignmentStrength({ alignment, shares }: { alignment: AlignmentNumbers; shares?: { shared: number; union: number } }) {
  const word = strengthWord(alignment.jaccard);
  return (
    <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
      <span className={`font-semibold ${strengthTone(word)}`}>{word}</span>
      {' · '}
      <span title="Jaccard index: shared learning components over all the components either standard needs">
        Jaccard {jaccardText(alignment.jaccard)}
      </span>
      {' · '}
      {sharesText(
        shares ?? { shared: alignment.sharedLCCount, union: alignment.stateLCCount + alignment.ccssLCCount - alignment.sharedLCCount },
      )}
    </p>
  );
}
