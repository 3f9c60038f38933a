/**
 * Best match first, one ranking for the browser and the server (decision 014): a saved
 * framework on a device is ranked by this code over the same documents the local API
 * ranks, so the two agree result for result.
 *
 * The order: items holding more of the query's words first (every word before some);
 * within that, BM25F over weighted fields (the code, the description, the notes, the
 * descriptions of the item's skills and of the headings above it, the last two weighted
 * below its own text), with a bonus where the query's words stand together, in order, in
 * one text, and headings below the standards they group. One result per standard: the
 * same code and text placed under several courses is one result.
 */
import { RELATED_MIN, STOP_WORDS, fold, termOf, termsOf, tokens } from './tokens';

/** What is searchable of one standard. */
export interface SearchDocument {
  statementCode?: string | null;
  description?: string | null;
  notes?: string | null;
  /** The descriptions of the standard's skills (learning components), in their order. */
  skills?: readonly string[];
  /** The descriptions of the headings above it (cluster, domain, grade), nearest first: what it is read under. */
  context?: readonly string[];
  /** A heading that groups standards (normalizedStatementType "Standard Grouping"), not a standard. */
  grouping?: boolean;
}

export interface Ranked {
  /** The document's position in the list the index was built from. */
  doc: number;
  /** Relevance within the query: comparable between results of one search only. */
  score: number;
  /** How many of the query's words the item holds, in its own text, its skills or its headings. */
  words: number;
  /** How many the query had (after dropping very common words). */
  of: number;
  /** The skill (index into `skills`) that matched words the item's own text lacks, if any. */
  viaSkill?: number;
  /** Other documents with the same code and description (one standard placed under several courses), folded into this one. */
  alsoAt?: number[];
}

const CODE = 0;
const DESCRIPTION = 1;
const NOTES = 2;
// Field 3 is the skills' descriptions.
const CONTEXT = 4;
const FIELDS = 5;

/**
 * Field weights: a standard's own words count most (its code a little more: a code's
 * letters name its domain, "NF", "G"); its skills' and headings' words count, less.
 */
const WEIGHT = [1.5, 1, 0.4, 0.5, 0.3];
/** Length normalisation per field (BM25's b): a code has no length to speak of. */
const B = [0, 0.75, 0.75, 0.75, 0.75];
/** Headings rank below standards that match as well: teachers look for the standards a heading groups. */
const GROUPING_FACTOR = 0.5;
const K1 = 1.2;
/** The factor for all the query's words standing together, in order (a phrase), in one text; shorter runs get part of it. */
const PHRASE_BONUS = 1.5;
/** A word completed from what was typed ("fractio" → "fraction") counts this much. */
const COMPLETION_WEIGHT = 0.7;
/** A word of the same family ("multiply" for "multiplication") counts this much. */
const RELATED_WEIGHT = 0.7;

interface Posting {
  docs: number[];
  /** Term frequency per field, FIELDS numbers per entry of docs. */
  tf: number[];
}

interface QueryWord {
  /** The terms that stand for the word: its own, or the completions of a half-typed word. */
  terms: Array<{ term: string; weight: number }>;
  idf: number;
}

export class SearchIndex {
  private readonly postings = new Map<string, Posting>();
  /** Each document's length in terms, FIELDS numbers per document. */
  private readonly lengths: number[] = [];
  private readonly totals = new Array<number>(FIELDS).fill(0);
  /** Each document's description terms, and each skill's, in order: for the phrase bonus. */
  private readonly descriptionTerms: string[][] = [];
  private readonly skillTerms: string[][][] = [];
  /** Each document's headings' terms, nearest first: a phrase there counts too. */
  private readonly contextTerms: string[][][] = [];
  /** Each document's code and description, for folding repeats of one standard together. */
  private readonly sameness: string[] = [];
  private readonly grouping: boolean[] = [];
  /** Texts already cut into terms: a heading's text is the context of every item under it, a skill supports several standards. */
  private readonly textTerms = new Map<string, string[]>();
  private sortedTerms?: string[];

  constructor(documents: Iterable<SearchDocument> = []) {
    for (const d of documents) this.add(d);
  }

  /** Adds the next document (its position is the number added before it). */
  add(d: SearchDocument): void {
    const doc = this.descriptionTerms.length;
    const description = this.termsOf(d.description);
    const skills = (d.skills ?? []).map((s) => this.termsOf(s));
    this.descriptionTerms.push(description);
    this.skillTerms.push(skills);
    const context = (d.context ?? []).map((c) => this.termsOf(c));
    this.contextTerms.push(context);
    this.sameness.push(`${d.statementCode ?? ''} ${description.join(' ')}`);
    this.grouping.push(d.grouping === true);
    const fields = [
      termsOf(d.statementCode ?? ''),
      description,
      termsOf(d.notes ?? ''),
      skills.flat(),
      (d.context ?? []).flatMap((c) => this.termsOf(c)),
    ];
    const counts = new Map<string, number[]>();
    fields.forEach((terms, f) => {
      this.lengths.push(terms.length);
      this.totals[f]! += terms.length;
      for (const term of terms) {
        let tf = counts.get(term);
        if (!tf) counts.set(term, (tf = new Array<number>(FIELDS).fill(0)));
        tf[f]!++;
      }
    });
    for (const [term, tf] of counts) {
      let p = this.postings.get(term);
      if (!p) {
        this.postings.set(term, (p = { docs: [], tf: [] }));
        this.sortedTerms = undefined;
      }
      p.docs.push(doc);
      for (const n of tf) p.tf.push(n);
    }
  }

  private termsOf(text: string | null | undefined): string[] {
    if (!text) return [];
    let terms = this.textTerms.get(text);
    if (!terms) this.textTerms.set(text, (terms = termsOf(text)));
    return terms;
  }

  /** Sorts the terms for completing a half-typed word now, rather than at the first search that needs them. */
  prepare(): void {
    this.sortedTerms ??= [...this.postings.keys()].sort();
  }

  get size(): number {
    return this.descriptionTerms.length;
  }

  /**
   * The best `limit` documents for a query, best first; `keep` drops documents (filters)
   * before the limit applies. Empty when the query has no words.
   */
  search(query: string, limit: number, keep: (doc: number) => boolean = () => true): Ranked[] {
    const words = this.queryWords(query);
    if (!words.length) return [];
    const candidates = new Map<number, { tf: Float64Array; own: number; all: number }>();
    words.forEach((w, i) => {
      for (const { term, weight } of w.terms) {
        const p = this.postings.get(term)!;
        p.docs.forEach((doc, k) => {
          let c = candidates.get(doc);
          if (!c) candidates.set(doc, (c = { tf: new Float64Array(words.length), own: 0, all: 0 }));
          const tf = this.fieldTf(doc, p.tf, k) * weight;
          if (tf > c.tf[i]!) c.tf[i] = tf;
          const bit = 1 << i;
          c.all |= bit;
          if (p.tf[k * FIELDS + CODE]! + p.tf[k * FIELDS + DESCRIPTION]! + p.tf[k * FIELDS + NOTES]! + p.tf[k * FIELDS + CONTEXT]! > 0)
            c.own |= bit;
        });
      }
    });
    const queryTerms = words.map((w) => new Set(w.terms.map((t) => t.term)));
    const ranked: Ranked[] = [];
    for (const [doc, c] of candidates) {
      if (!keep(doc)) continue;
      let score = 0;
      words.forEach((w, i) => {
        const tf = c.tf[i]!;
        score += (w.idf * (tf * (K1 + 1))) / (tf + K1);
      });
      const count = bitCount(c.all);
      const r: Ranked = { doc, score, words: count, of: words.length };
      if (words.length > 1 && count > 1) r.score *= this.phraseBonus(doc, queryTerms);
      if (this.grouping[doc]) r.score *= GROUPING_FACTOR;
      if (c.own !== c.all) r.viaSkill = this.bestSkill(doc, queryTerms, c.own);
      ranked.push(r);
    }
    ranked.sort((a, b) => b.words - a.words || b.score - a.score || a.doc - b.doc);
    return this.folded(ranked, limit);
  }

  /**
   * One result per standard: a code and description placed under several courses (as
   * California's high-school standards are) would otherwise fill the first page with one
   * standard. Its first place in the ranking stands for all; the others are named.
   */
  private folded(ranked: Ranked[], limit: number): Ranked[] {
    const first = new Map<string, Ranked>();
    const out: Ranked[] = [];
    for (const r of ranked) {
      const key = this.sameness[r.doc]!;
      const kept = key.trim() ? first.get(key) : undefined;
      if (kept) (kept.alsoAt ??= []).push(r.doc);
      else if (out.length < limit) {
        first.set(key, r);
        out.push(r);
      }
    }
    return out;
  }

  /** BM25F: each field's count, normalised by the field's length, weighted, summed. */
  private fieldTf(doc: number, tf: number[], k: number): number {
    let sum = 0;
    for (let f = 0; f < FIELDS; f++) {
      const n = tf[k * FIELDS + f]!;
      if (!n) continue;
      const average = this.totals[f]! / this.size || 1;
      const norm = 1 - B[f]! + (B[f]! * this.lengths[doc * FIELDS + f]!) / average;
      sum += (WEIGHT[f]! * n) / norm;
    }
    return sum;
  }

  /**
   * The query's words as terms, each with its weight in the collection (IDF). Very common
   * words are dropped when others remain; a last word the index does not hold is taken as
   * half typed and stands for the terms that start with it. Words matching nothing drop
   * out too: they cannot tell results apart.
   */
  private queryWords(query: string): QueryWord[] {
    const all = tokens(query);
    const kept = all.filter((t) => !STOP_WORDS.has(t.word));
    const chosen = (kept.length ? kept : all).slice(0, 30); // one bit each in a 32-bit mask
    const seen = new Set<string>();
    const words: QueryWord[] = [];
    chosen.forEach((t, i) => {
      if (seen.has(t.term)) return;
      seen.add(t.term);
      const half = i === chosen.length - 1 && !this.postings.has(t.term) && t.word.length >= 3;
      const terms = half ? this.completions(t.word) : this.related(t.term);
      if (!terms.length) return;
      const docs = new Set(terms.flatMap(({ term }) => this.postings.get(term)!.docs));
      const df = docs.size;
      const n = this.size;
      words.push({ terms, idf: Math.log(1 + (n - df + 0.5) / (df + 0.5)) });
    });
    return words;
  }

  /**
   * A word's own term, and the index's terms it is a stem of or that are a stem of it, 5
   * letters or more ("multipl" from "multiplication" and "multipli" from "multiply"): the
   * stemmer leaves such families apart, and a teacher means them alike.
   */
  private related(term: string): Array<{ term: string; weight: number }> {
    const own = this.postings.has(term) ? [{ term, weight: 1 }] : [];
    if (term.length < RELATED_MIN || /\d/.test(term)) return own;
    const longer = this.startingWith(term).filter((t) => t !== term);
    const shorter: string[] = [];
    for (let n = RELATED_MIN; n < term.length; n++) if (this.postings.has(term.slice(0, n))) shorter.push(term.slice(0, n));
    return [...own, ...this.mostFrequent([...shorter, ...longer]).map((t) => ({ term: t, weight: RELATED_WEIGHT }))];
  }

  /** The index's terms starting with a half-typed word. */
  private completions(word: string): Array<{ term: string; weight: number }> {
    return this.mostFrequent(this.startingWith(fold(word))).map((term) => ({ term, weight: COMPLETION_WEIGHT }));
  }

  /** The 20 terms held by the most documents, of those given. */
  private mostFrequent(terms: string[]): string[] {
    const df = (t: string) => this.postings.get(t)!.docs.length;
    return terms.sort((a, b) => df(b) - df(a) || (a < b ? -1 : 1)).slice(0, 20);
  }

  /** The index's terms starting with a prefix, in sorted order. */
  private startingWith(prefix: string): string[] {
    this.prepare();
    const sorted = this.sortedTerms!;
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

  /**
   * The bonus for query words standing together, in order, in the description, a skill or
   * a heading above the item: the longer the run of the query's words, the larger, up to
   * PHRASE_BONUS for the whole query.
   */
  private phraseBonus(doc: number, queryTerms: Array<Set<string>>): number {
    const texts = [this.descriptionTerms[doc]!, ...this.skillTerms[doc]!, ...this.contextTerms[doc]!];
    const run = Math.max(...texts.map((terms) => longestRun(terms, queryTerms)));
    return run < 2 ? 1 : 1 + ((PHRASE_BONUS - 1) * (run - 1)) / (queryTerms.length - 1);
  }

  /** The skill holding the most query words the item's own text lacks (the first of equals). */
  private bestSkill(doc: number, queryTerms: Array<Set<string>>, own: number): number | undefined {
    let best: number | undefined;
    let bestCount = 0;
    this.skillTerms[doc]!.forEach((terms, s) => {
      const count = queryTerms.filter((q, i) => !(own & (1 << i)) && terms.some((t) => q.has(t))).length;
      if (count > bestCount) [best, bestCount] = [s, count];
    });
    return best;
  }
}

/**
 * The most query words found one after another, in the query's order, in a text (very
 * common words between them allowed): 2 for "unit fractions" in "Understand a fraction
 * 1/b … unit fractions", 0 when no two stand together.
 */
function longestRun(terms: string[], queryTerms: Array<Set<string>>): number {
  const content = terms.filter((t) => !STOP_TERMS.has(t));
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

const STOP_TERMS = new Set([...STOP_WORDS].map(termOf));

function bitCount(n: number): number {
  let count = 0;
  for (let x = n; x; x &= x - 1) count++;
  return count;
}
