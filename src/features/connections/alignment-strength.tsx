import { jaccardText, sharedSkills, strengthWord, type AlignmentNumbers } from '../../lib/alignment';

/** "Identical skills · 1.00 · shares 2 of 2 skills": the words first, then the numbers behind them. */
export function AlignmentStrength({ alignment }: { alignment: AlignmentNumbers }) {
  const word = strengthWord(alignment.jaccard);
  return (
    <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
      <span
        className={`font-semibold ${word === 'Identical skills' || word === 'Strong' ? 'text-emerald-800 dark:text-emerald-300' : 'text-amber-800 dark:text-amber-300'}`}
      >
        {word}
      </span>
      {' · '}
      <span title="Jaccard index: shared learning components over all the components either standard needs">
        Jaccard {jaccardText(alignment.jaccard)}
      </span>
      {' · '}
      {sharedSkills(alignment)}
    </p>
  );
}
