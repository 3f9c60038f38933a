/**
 * How text becomes search terms, the same in the browser and on the server: lower case,
 * accents dropped, letters and digits only, LaTeX commands (`\frac`, `\times`) left out,
 * number words as digits ("ten" and "10" are one term, as the standards write either),
 * and every word cut to its Porter stem.
 */
import { stem } from './stem';

/**
 * Words that nearly every standard holds ("the", "and", "of"): they rank nothing, so a
 * query drops them when other words remain. They stay in the index, so a query of only
 * such words still finds what holds them.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be by for from in into is it its of on or that the their them these they this to was were which with will'.split(' '),
);

/**
 * The shortest stem that gathers a family of words the stemmer leaves apart ("multipl"
 * from "multiplication", "multipli" from "multiply"); shorter ones join unrelated words
 * ("multi" of "multi-digit" is not "multiplication", nor "ratio" "rational").
 */
export const RELATED_MIN = 6;

const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  twenty: '20',
  hundred: '100',
  thousand: '1000',
  million: '1000000',
};

/**
 * What teachers write for what the standards spell out, read in a query before its words
 * are taken ("2D shapes" is "two-dimensional shapes"). Query side only: the index keeps
 * the standards' own words.
 */
const SPELLED_OUT: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b2-?d\b/gi, 'two-dimensional'],
  [/\b3-?d\b/gi, 'three-dimensional'],
  [/\bgc[fd]s?\b/gi, 'greatest common factor'],
  [/\blcms?\b/gi, 'least common multiple'],
  [/\bpemdas\b/gi, 'order of operations'],
  [/\btrig\b/gi, 'trigonometric'],
];

export const spelledOut = (query: string) => SPELLED_OUT.reduce((q, [pattern, words]) => q.replace(pattern, words), query);

/**
 * Everyday classroom words for what the standards say otherwise, each with the standards'
 * words a query of it also finds (at a family member's weight): "multiplication facts"
 * are what the standards call knowing products from memory, "regrouping" is composing
 * and decomposing tens, "money" is dollars. Keyed by the word's term.
 */
const CLASSROOM_WORDS: ReadonlyArray<readonly [string, readonly string[]]> = [
  // Families the stemmer parts ("addition" is "addit", "add" is "add").
  ['addition', ['add']],
  ['add', ['addition']],
  ['division', ['divide']],
  ['divide', ['division']],
  ['facts', ['memory']],
  ['regrouping', ['compose', 'decompose']],
  ['borrowing', ['decompose']],
  ['carrying', ['compose']],
  ['bonds', ['decompose']],
  ['money', ['dollar']],
];

/** Each classroom word's term → the standards' words for it, as written and as terms. */
let meantByTerm: Map<string, { words: readonly string[]; terms: readonly string[] }> | undefined;
const meantFor = (term: string) => {
  meantByTerm ??= new Map(CLASSROOM_WORDS.map(([word, words]) => [termOf(word), { words, terms: words.map(termOf) }]));
  return meantByTerm.get(term);
};

/** The standards' words a query word also stands for (see CLASSROOM_WORDS), as terms. */
export const alsoMeant = (term: string): readonly string[] => meantFor(term)?.terms ?? [];

/** The same, as words, for a full-text index that stems them itself. */
export const alsoMeantWords = (word: string): readonly string[] => meantFor(termOf(fold(word)))?.words ?? [];

/** A word as it appears in text: where it is (for marking) and its term. */
export interface Token {
  term: string;
  /** The word as written, lower case. */
  word: string;
  start: number;
  end: number;
}

const WORD = /\\?[\p{L}\p{N}]+/gu;

/** The words of a text in order, each with its term and place; LaTeX commands skipped. */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    if (m[0].startsWith('\\')) continue;
    const word = fold(m[0]);
    out.push({ term: termOf(word), word, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** One word, or its plural ("box", "boxes"; "mile", "miles"); never two words of one stem ("mean", "meaning"). */
export const sameWord = (a: string, b: string) => a === b || a === `${b}s` || b === `${a}s` || a === `${b}es` || b === `${a}es`;

/** Only the terms of a text, for indexing. */
export const termsOf = (text: string): string[] => tokens(text).map((t) => t.term);

/** Terms already worked out: a framework repeats a few thousand words many times over. */
const known = new Map<string, string>();

/** A folded word's term: its digits when it is a number word, else its stem. */
export function termOf(word: string): string {
  let term = known.get(word);
  if (term === undefined) {
    term = NUMBER_WORDS[word] ?? stem(word);
    if (known.size > 50_000) known.clear(); // bounded: a hostile export cannot grow it without end
    known.set(word, term);
  }
  return term;
}

/** Lower case, accents dropped ("é" → "e"). */
function fold(word: string): string {
  return /^[a-z0-9]+$/.test(word) ? word : word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
