import { pairLineParts, pairLines, type CompareRow } from './compare-model';
import { strengthTone } from './alignment-strength';

/**
 * A closed pair names what it compares with: "4.G.A.1 · Identical skills · Same wording"
 * for each match. It wraps between those parts, never inside one, so a narrow phone reads
 * it in whole pieces.
 */
export function ClosedPair({ row }: { row: CompareRow }) {
  return pairLines(row).map((line, i) => {
    const [matchCode, strength, wording] = pairLineParts(line);
    return (
      <span key={line.id}>
        {i > 0 && '; '}
        <bdi className="whitespace-nowrap font-mono font-semibold">{matchCode}</bdi>
        {' · '}
        <span className={`whitespace-nowrap font-semibold ${strengthTone(line.strength)}`}>{strength}</span>
        {' · '}
        <span
          className={`whitespace-nowrap ${line.sameWording ? 'font-medium text-emerald-800 dark:text-emerald-300' : 'font-semibold text-amber-800 dark:text-amber-300'}`}
        >
          {wording}
        </span>
      </span>
    );
  });
}
