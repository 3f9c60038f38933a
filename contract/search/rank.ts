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
import { longestRun, STOP_TERMS } from './phrase';
import { bestOf, bitCount, byRank, type Ranked } from './ranked';
import { termsOf } from './tokens';
import { termScore, Vocabulary } from './vocabulary';

export type { Ranked };

/** What is searchable of one standard. */
export interface SearchDocument {
  statementCode?: string | null;
  description?: string | null;
  notes?: string | null;
  /** The descriptions of the standard's skills (learning components), in their order. */
  skills?: readonly string[];
  /**
   * The position of the heading it sits under (cluster, domain, grade) in the same list:
   * the headings' words count for it, less than its own (it is read under them).
   */
  parent?: number;
  /** A heading that groups standards (normalizedStatementType "Standard Grouping", or untyped without a code), not a standard. */
  grouping?: boolean;
  /** The grades it is taught in (gradeLevel): the alignment's grade sense reads them. */
  grades?: readonly string[];
}

// The fields an item's postings count: its code, description, notes and its skills'
// descriptions. The fifth, the headings above it, is counted at query time from the
// headings' own postings (an index per item of its headings' words was most of the index).
const CODE = 0;
const DESCRIPTION = 1;
const NOTES = 2;
const FIELDS = 4;
const CONTEXT = 4;

/**
 * Field weights: a standard's own words count most (its code a little more: a code's
 * letters name its domain, "NF", "G"); its skills' and headings' words count, less.
 */
const WEIGHT = [1.5, 1, 0.4, 0.5, 0.3];
/** Length normalisation per field (BM25's b): a code has no length to speak of. */
const B = [0, 0.75, 0.75, 0.75, 0.75];
/** Headings above an item that count as its context: a guard against a cycle in hostile data (the alignment's too). */
export const MAX_DEPTH = 50;
/** Headings rank below standards that match as well: teachers look for the standards a heading groups. */
const GROUPING_FACTOR = 0.5;
/** The factor for all the query's words standing together, in order (a phrase), in one text; shorter runs get part of it. */
const PHRASE_BONUS = 1.5;
/** How many of the first stage's best the phrase bonus reorders. */
const RERANK_DEPTH = 200;

interface Posting {
  docs: number[];
  /** Term frequency per field, FIELDS numbers per entry of docs. */
  tf: number[];
}

export class SearchIndex {
  private readonly postings = new Map<string, Posting>();
  private readonly vocabulary = new Vocabulary(this.postings);
  /** Each document's length in terms, FIELDS numbers per document. */
  private readonly lengths: number[] = [];
  private readonly totals = new Array<number>(FIELDS).fill(0);
  /** Each document's description terms (its headings' context length), and each skill's (naming the skill a result matched through). */
  private readonly descriptionTerms: string[][] = [];
  private readonly skillTerms: string[][][] = [];
  /** Each document's description, and each of its skills, as terms without the very common words: where phrases are looked for. */
  private readonly phraseTexts: string[][][] = [];
  private readonly contentTerms = new Map<string[], string[]>();
  /** Each document's heading (its position), or -1. */
  private readonly parents: number[] = [];
  /** Worked out from `parents` before the first search (see prepare). */
  private outline?: { children: number[][]; contextLengths: Float64Array; contextAverage: number };
  /** Each document's code and description, for folding repeats of one standard together. */
  private readonly sameness: string[] = [];
  private readonly grouping: boolean[] = [];
  /** Texts already cut into terms: a skill supports several standards, a standard repeats under several courses. */
  private readonly textTerms = new Map<string, string[]>();

  constructor(documents: Iterable<SearchDocument> = []) {
    for (const d of documents) this.add(d);
  }

  /**
   * The index, built a document at a time: the generator yields after each one, so a
   * page can build it in slices between frames (as AlignIndex.building).
   */
  static *building(documents: readonly SearchDocument[]): Generator<void, SearchIndex> {
    const index = new SearchIndex();
    for (const d of documents) {
      index.add(d);
      yield;
    }
    index.prepare();
    return index;
  }

  /** Adds the next document (its position is the number added before it). */
  add(d: SearchDocument): void {
    const doc = this.descriptionTerms.length;
    const description = this.termsOf(d.description);
    const skills = (d.skills ?? []).map((s) => this.termsOf(s));
    this.descriptionTerms.push(description);
    this.skillTerms.push(skills);
    this.phraseTexts.push([description, ...skills].map((terms) => this.contentOf(terms)));
    this.parents.push(headingOf(d, doc));
    this.outline = undefined;
    this.sameness.push(`${d.statementCode ?? ''} ${description.join(' ')}`);
    this.grouping.push(d.grouping === true);
    const fields = [termsOf(d.statementCode ?? ''), description, termsOf(d.notes ?? ''), skills.flat()];
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
        this.vocabulary.changed();
      }
      p.docs.push(doc);
      for (const n of tf) p.tf.push(n);
    }
  }

  /** Terms without the very common words (kept per text, as the terms are). */
  private contentOf(terms: string[]): string[] {
    let content = this.contentTerms.get(terms);
    if (!content) this.contentTerms.set(terms, (content = terms.filter((t) => !STOP_TERMS.has(t))));
    return content;
  }

  private termsOf(text: string | null | undefined): string[] {
    if (!text) return [];
    let terms = this.textTerms.get(text);
    if (!terms) this.textTerms.set(text, (terms = termsOf(text)));
    return terms;
  }

  /**
   * What searches need beyond the postings, worked out once after the last document is
   * added (or at the first search): the terms in order (to complete a half-typed word),
   * each heading's items, and each item's context length (its headings' words).
   */
  prepare(): void {
    this.vocabulary.prepare();
    if (this.outline) return;
    const n = this.size;
    const children: number[][] = Array.from({ length: n }, () => []);
    this.parents.forEach((p, doc) => p >= 0 && p < n && children[p]!.push(doc));
    const contextLengths = new Float64Array(n);
    let total = 0;
    for (let doc = 0; doc < n; doc++) {
      let length = 0;
      for (const a of this.ancestors(doc)) length += this.descriptionTerms[a]!.length;
      contextLengths[doc] = length;
      total += length;
    }
    this.outline = { children, contextLengths, contextAverage: total / n || 1 };
  }

  /** The headings above a document, nearest first (at most MAX_DEPTH). */
  private *ancestors(doc: number): Generator<number> {
    for (let p = this.parents[doc]!, depth = 0; p >= 0 && p < this.size && depth < MAX_DEPTH; p = this.parents[p]!, depth++) yield p;
  }

  get size(): number {
    return this.descriptionTerms.length;
  }

  /**
   * The best `limit` documents for a query, best first; `keep` drops documents (filters)
   * before the limit applies. Empty when the query has no words.
   */
  search(query: string, limit: number, keep: (doc: number) => boolean = () => true): Ranked[] {
    const words = this.vocabulary.queryWords(query, this.size);
    if (!words.length) return [];
    this.prepare();
    const { children, contextLengths, contextAverage } = this.outline!;
    const n = this.size;
    const averages = this.totals.map((total) => total / n || 1);
    // Dense arrays over every document: a common word touches most of a framework, and
    // one object per hit cost more than the scoring.
    const score = new Float64Array(n);
    const held = new Int32Array(n); // a bit per query word the document holds
    const own = new Int32Array(n); // …in its own text or its headings (not only its skills)
    const best = new Float64Array(n); // the word's best weighted count so far
    const fromHeadings = new Float64Array(n); // a term's count in the headings above each item
    const touched: number[] = [];
    const below: number[] = [];
    const context = (doc: number) =>
      (WEIGHT[CONTEXT]! * fromHeadings[doc]!) / (1 - B[CONTEXT]! + (B[CONTEXT]! * contextLengths[doc]!) / contextAverage);
    words.forEach((w, i) => {
      const bit = 1 << i;
      const take = (doc: number, tf: number, ownText: boolean) => {
        if (!(held[doc]! & bit)) {
          held[doc]! |= bit;
          best[doc] = tf;
          touched.push(doc);
        } else if (tf > best[doc]!) best[doc] = tf;
        if (ownText) own[doc]! |= bit;
      };
      touched.length = 0;
      for (const { term, weight } of w.terms) {
        const p = this.postings.get(term)!;
        // A heading's words reach every item below it.
        below.length = 0;
        for (let k = 0; k < p.docs.length; k++) {
          const count = p.tf[k * FIELDS + DESCRIPTION]!;
          if (count) spread(p.docs[k]!, count, children, fromHeadings, below);
        }
        for (let k = 0; k < p.docs.length; k++) {
          const doc = p.docs[k]!;
          const at = k * FIELDS;
          const heading = fromHeadings[doc] ? context(doc) : 0;
          fromHeadings[doc] = 0; // counted here, not again below
          const ownText = heading > 0 || p.tf[at + CODE]! + p.tf[at + DESCRIPTION]! + p.tf[at + NOTES]! > 0;
          take(doc, (this.fieldTf(doc, p.tf, k, averages) + heading) * weight, ownText);
        }
        for (const doc of below) {
          if (fromHeadings[doc]) take(doc, context(doc) * weight, true);
          fromHeadings[doc] = 0;
        }
      }
      for (const doc of touched) score[doc]! += termScore(w.idf, best[doc]!);
    });
    const found: Array<Ranked & { own: number }> = [];
    for (let doc = 0; doc < n; doc++) {
      if (!held[doc] || !keep(doc)) continue;
      found.push({
        doc,
        score: this.grouping[doc] ? score[doc]! * GROUPING_FACTOR : score[doc]!,
        words: bitCount(held[doc]!),
        of: words.length,
        own: own[doc]!,
      });
    }
    const queryTerms = words.map((w) => new Set(w.terms.map((t) => t.term)));
    // Only the best are put in order (more when folding repeats leaves too few), and only
    // the first RERANK_DEPTH of them get the phrase bonus, the costly part: two stages, as
    // the bonus multiplies a score by at most PHRASE_BONUS and so matters near the top.
    for (let depth = Math.max(RERANK_DEPTH, limit * 4); ; depth *= 2) {
      const top = bestOf(found, depth);
      const head = top
        .slice(0, RERANK_DEPTH)
        .map((r) => (words.length > 1 && r.words > 1 ? { ...r, score: r.score * this.phraseBonus(r.doc, queryTerms) } : r))
        .sort(byRank);
      const results = this.folded([...head, ...top.slice(RERANK_DEPTH)], limit);
      if (results.length < limit && depth < found.length) continue;
      return results.map(({ own: ownHeld, ...r }) =>
        ownHeld !== held[r.doc] ? { ...r, viaSkill: this.bestSkill(r.doc, queryTerms, ownHeld) } : r,
      );
    }
  }

  /**
   * One result per standard: a code and description placed under several courses (as
   * California's high-school standards are) would otherwise fill the first page with one
   * standard. Its first place in the ranking stands for all; the others are named.
   */
  private folded<R extends Ranked>(ranked: readonly R[], limit: number): R[] {
    const first = new Map<string, R>();
    const out: R[] = [];
    for (const r of ranked) {
      const key = this.sameness[r.doc]!;
      const kept = key.trim() ? first.get(key) : undefined;
      if (kept) (kept.alsoAt ??= []).push(r.doc);
      else if (out.length < limit) {
        const result = { ...r }; // a copy: the ranking's own records stay as they were
        first.set(key, result);
        out.push(result);
      }
    }
    return out;
  }

  /** BM25F: each field's count, normalised by the field's length, weighted, summed. */
  private fieldTf(doc: number, tf: number[], k: number, averages: number[]): number {
    let sum = 0;
    for (let f = 0; f < FIELDS; f++) {
      const n = tf[k * FIELDS + f]!;
      if (!n) continue;
      const norm = 1 - B[f]! + (B[f]! * this.lengths[doc * FIELDS + f]!) / averages[f]!;
      sum += (WEIGHT[f]! * n) / norm;
    }
    return sum;
  }

  /**
   * The bonus for query words standing together, in order, in the description, a skill or
   * a heading above the item: the longer the run of the query's words, the larger, up to
   * PHRASE_BONUS for the whole query.
   */
  private phraseBonus(doc: number, queryTerms: Array<Set<string>>): number {
    let run = 0;
    for (const terms of this.phraseTexts[doc]!) run = Math.max(run, longestRun(terms, queryTerms));
    for (const a of this.ancestors(doc)) run = Math.max(run, longestRun(this.phraseTexts[a]![0]!, queryTerms));
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
 * The position of the heading document `doc` sits under, or -1 for none; a position that
 * cannot be one (not a whole number, negative, the document itself) is none. Whether it
 * lies within the list is checked where headings are followed.
 */
export function headingOf(d: SearchDocument, doc: number): number {
  const p = d.parent;
  return p !== undefined && Number.isInteger(p) && p >= 0 && p !== doc ? p : -1;
}

/** Adds a heading's count of a term to every item below it (to MAX_DEPTH), noting each item reached first. */
function spread(heading: number, count: number, children: number[][], fromHeadings: Float64Array, below: number[]) {
  const stack = [heading];
  const depths = [0];
  while (stack.length) {
    const doc = stack.pop()!;
    const depth = depths.pop()!;
    if (depth >= MAX_DEPTH) continue;
    for (const child of children[doc]!) {
      if (!fromHeadings[child]) below.push(child);
      fromHeadings[child]! += count;
      stack.push(child);
      depths.push(depth + 1);
    }
  }
}
