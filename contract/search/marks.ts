/**
 * Which words of a text a query matched, by the ranking's own rules (contract/search/
 * rank.ts) but without an index: the same term, a term of the same family (one a stem of
 * the other, RELATED_MIN letters or more), a standards' word a classroom word stands for,
 * or, for the query's last word, a word it starts (still being typed). Used to order
 * results the service ranked (every word first) and, as whole words only, to mark them.
 */
import { queryTokens } from './query';
import { RELATED_MIN, alsoMeant, sameWord, tokens } from './tokens';

interface QueryTerm {
  term: string;
  /** The word as typed, lower case. */
  word: string;
  /** The last word as typed: it may be the start of a longer word. */
  prefix?: string;
}

function queryTermsOf(query: string): QueryTerm[] {
  const chosen = queryTokens(query);
  return chosen.map((t, i) => ({ term: t.term, word: t.word, prefix: i === chosen.length - 1 && t.word.length >= 3 ? t.word : undefined }));
}

const sameFamily = (a: string, b: string) =>
  a === b || (Math.min(a.length, b.length) >= RELATED_MIN && !/\d/.test(a + b) && (a.startsWith(b) || b.startsWith(a)));

/** Which query word (by index) a text's word matches, or -1. */
function matchOf(queryTerms: QueryTerm[], term: string, word: string): number {
  return queryTerms.findIndex(
    (q) => sameFamily(q.term, term) || alsoMeant(q.term).includes(term) || (q.prefix !== undefined && word.startsWith(q.prefix)),
  );
}

/**
 * The word as typed is the text's word with a verb ending ("adding" for "Add"), or both
 * are verb forms of one base ("dividing", "divided"): the same word. A text's word that
 * only adds an ending to the typed one is not ("mean" never marks "meaning", nor "order"
 * "ordered"): those only share a stem.
 */
function inflectionOf(typed: string, word: string): boolean {
  const typedBases = bases(typed);
  if (typedBases.includes(word)) return true;
  return typedBases.length > 0 && bases(word).some((b) => typedBases.includes(b));
}

/** The bases a verb form may come from ("dividing": divid, divide; "adding": add, ad), none for another word. */
function bases(word: string): string[] {
  const m = /^(.{2,}?)(ing|ed|d)$/.exec(word);
  if (!m) return [];
  const stem = m[1]!;
  return [stem, `${stem}e`, ...(stem.at(-1) === stem.at(-2) ? [stem.slice(0, -1)] : [])];
}

/**
 * Which query word a text's word is marked for: as matchOf, but whole words only. A word
 * of the same stem is marked where it is the typed word, its plural or the base of its
 * verb form; a half-typed last word marks the words it starts only where the text does
 * not hold it whole.
 */
function markOf(queryTerms: QueryTerm[], t: { term: string; word: string }, heldWhole: Set<string>): boolean {
  return queryTerms.some((q) => {
    // Number words and digits are one term ("ten", "10"): the same number whichever is written.
    if (q.term === t.term) return sameWord(q.word, t.word) || inflectionOf(q.word, t.word) || /^\d+$/.test(t.term);
    if (sameFamily(q.term, t.term) || alsoMeant(q.term).includes(t.term)) return true;
    return q.prefix !== undefined && !heldWhole.has(q.term) && t.word.startsWith(q.prefix);
  });
}

/** The places of the text's words that match the query, in order, as whole words (markOf): [start, end) pairs. */
export function markedRanges(text: string, query: string): Array<[number, number]> {
  const queryTerms = queryTermsOf(query);
  if (!queryTerms.length) return [];
  const words = tokens(text);
  const heldWhole = new Set(words.map((t) => t.term));
  return words.filter((t) => markOf(queryTerms, t, heldWhole)).map((t) => [t.start, t.end]);
}

/** How many of the query's words the text holds. */
export function wordsHeld(text: string, query: string): number {
  const queryTerms = queryTermsOf(query);
  const held = new Set<number>();
  for (const t of tokens(text)) {
    const i = matchOf(queryTerms, t.term, t.word);
    if (i >= 0) held.add(i);
  }
  return held.size;
}

/** Results in the order given (the service's ranking), those holding more of the query's words first. */
export function everyWordFirst<T>(results: readonly T[], textOf: (r: T) => string, query: string): T[] {
  return results
    .map((r, i) => ({ r, i, held: wordsHeld(textOf(r), query) }))
    .sort((a, b) => b.held - a.held || a.i - b.i)
    .map(({ r }) => r);
}

/**
 * The places of the text's whole words that are the given words or their plurals (an
 * alignment's reasons): [start, end) pairs. Whole words only: "mean" never marks
 * "meaning", nor "order" "ordered".
 */
export function wordRanges(text: string, words: readonly string[]): Array<[number, number]> {
  const wanted = words.flatMap((w) => tokens(w).map((t) => t.word));
  return tokens(text)
    .filter((t) => wanted.some((w) => sameWord(t.word, w)))
    .map((t) => [t.start, t.end]);
}
