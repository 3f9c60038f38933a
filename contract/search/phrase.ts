/**
 * Query words standing together in a text: the phrase bonus's measure (see rank.ts).
 */
import { STOP_WORDS, termOf } from './tokens';

/** The very common words as terms: a phrase may have them between its words ("volume of cylinders"). */
export const STOP_TERMS: ReadonlySet<string> = new Set([...STOP_WORDS].map(termOf));

/**
 * The most query words found one after another, in the query's order, in a text's terms
 * (very common words already taken out): 2 for "unit fractions" in "Understand a fraction
 * 1/b … unit fractions", 0 when no two stand together.
 */
export function longestRun(content: string[], queryTerms: Array<Set<string>>): number {
  let best = 0;
  for (let p = 0; p < content.length; p++) {
    for (let i = 0; i < queryTerms.length; i++) {
      let run = 0;
      while (p + run < content.length && i + run < queryTerms.length && queryTerms[i + run]!.has(content[p + run]!)) run++;
      if (run > best) best = run;
    }
  }
  return best;
}
