/**
 * Keyword lookup as a person means it: a keyword is a phrase, held by a text when its
 * words stand one after another there, in any of their forms ("unit fraction" is held by
 * "unit fractions"; "partition" by "partitioned"), very common words aside ("volume of
 * cylinders" by "the volume of a cylinder").
 */
import { longestRun, STOP_TERMS } from '../../contract/search/phrase';
import { termsOf } from '../../contract/search/tokens';

/** A text's terms (word forms made one), without the very common words. */
export const contentTerms = (text: string) => termsOf(text).filter((t) => !STOP_TERMS.has(t));

/** Whether `terms` holds `phrase` (both as contentTerms), its words in order and side by side: the search's longest run is all of it. */
export const holdsPhrase = (terms: string[], phrase: readonly string[]) =>
  phrase.length > 0 &&
  longestRun(
    terms,
    phrase.map((t) => new Set([t])),
  ) === phrase.length;

/** How many of the keywords (as contentTerms) a text holds. */
export function keywordsHeld(text: string, phrases: ReadonlyArray<readonly string[]>): number {
  const terms = contentTerms(text);
  return phrases.filter((p) => holdsPhrase(terms, p)).length;
}
