/**
 * The index's terms, and what a query's words stand for among them: the word's own term,
 * its family, or the completions of a half-typed last word, each with its weight in the
 * collection (IDF). Part of the ranking (rank.ts).
 */
import { queryTokens } from './query';
import { RELATED_MIN, alsoMeant } from './tokens';

/** A term's weight among `n` documents when `df` of them hold it: BM25's IDF (the word search's and the alignment's). */
export const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** BM25's k1: how fast a term's repeats in a document stop counting more. */
const K1 = 1.2;

/** A term's share of a document's score: its weight, by its (length-normalised) frequency there, saturating (BM25). */
export const termScore = (weight: number, tf: number) => (weight * tf * (K1 + 1)) / (tf + K1);

/** A word completed from what was typed ("fractio" → "fraction") counts this much. */
const COMPLETION_WEIGHT = 0.7;
/** A word of the same family ("multiply" for "multiplication") counts this much. */
const RELATED_WEIGHT = 0.7;

export interface QueryWord {
  /** The terms that stand for the word: its own, or the completions of a half-typed word. */
  terms: Array<{ term: string; weight: number }>;
  idf: number;
}

export class Vocabulary {
  private sorted?: string[];

  /** `postings`: each term's documents, kept up to date by the index (which calls changed() on a new term). */
  constructor(private readonly postings: ReadonlyMap<string, { docs: number[] }>) {}

  changed(): void {
    this.sorted = undefined;
  }

  /** Sorts the terms (for completing a half-typed word), once after the last change. */
  prepare(): void {
    this.sorted ??= [...this.postings.keys()].sort();
  }

  /**
   * The query's words as terms, each with its weight in the collection (IDF). Very common
   * words are dropped when others remain; a last word the index does not hold is taken as
   * half typed and stands for the terms that start with it. Words matching nothing drop
   * out too: they cannot tell results apart.
   */
  queryWords(query: string, n: number): QueryWord[] {
    const chosen = queryTokens(query).slice(0, 30); // one bit each in a 32-bit mask
    const seen = new Set<string>();
    const words: QueryWord[] = [];
    chosen.forEach((t, i) => {
      if (seen.has(t.term)) return;
      seen.add(t.term);
      const half = i === chosen.length - 1 && !this.postings.has(t.term) && t.word.length >= 3;
      const terms = half ? [...this.completions(t.word), ...this.meant(t.term)] : this.related(t.term);
      if (!terms.length) return;
      const docs = new Set(terms.flatMap(({ term }) => this.postings.get(term)!.docs));
      const df = docs.size;
      words.push({ terms, idf: idf(n, df) });
    });
    return words;
  }

  /**
   * A word's own term (with the standards' words a classroom word stands for), and the
   * index's terms it is a stem of or that are a stem of it, RELATED_MIN letters or more
   * ("multipl" from "multiplication" and "multipli" from "multiply"): the stemmer leaves
   * such families apart, and a teacher means them alike.
   */
  private related(term: string): Array<{ term: string; weight: number }> {
    const own = [...(this.postings.has(term) ? [{ term, weight: 1 }] : []), ...this.meant(term)];
    if (term.length < RELATED_MIN || /\d/.test(term)) return own;
    const longer = this.startingWith(term).filter((t) => t !== term);
    const shorter: string[] = [];
    for (let n = RELATED_MIN; n < term.length; n++) if (this.postings.has(term.slice(0, n))) shorter.push(term.slice(0, n));
    return [...own, ...this.mostFrequent([...shorter, ...longer]).map((t) => ({ term: t, weight: RELATED_WEIGHT }))];
  }

  /** The index's terms for the standards' words a classroom word stands for ("facts": "memory"). */
  private meant(term: string): Array<{ term: string; weight: number }> {
    return alsoMeant(term)
      .filter((t) => this.postings.has(t))
      .map((t) => ({ term: t, weight: RELATED_WEIGHT }));
  }

  /** The index's terms starting with a half-typed word (folded, as a token's word is). */
  private completions(word: string): Array<{ term: string; weight: number }> {
    return this.mostFrequent(this.startingWith(word)).map((term) => ({ term, weight: COMPLETION_WEIGHT }));
  }

  /** The 20 terms held by the most documents, of those given. */
  private mostFrequent(terms: string[]): string[] {
    const df = (t: string) => this.postings.get(t)!.docs.length;
    return terms.sort((a, b) => df(b) - df(a) || (a < b ? -1 : 1)).slice(0, 20);
  }

  /** The index's terms starting with a prefix, in sorted order. */
  private startingWith(prefix: string): string[] {
    this.prepare();
    const sorted = this.sorted!;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) found.push(sorted[i]!);
    return found;
  }
}
