/**
 * "Which standards does this text address?": a pasted problem, activity or lesson ranked
 * against a framework's standards, the same in the browser and on the server (decision
 * 015). A word search's rules suit a few typed words and fail a long text: "every word
 * first" means nothing for 300 words, and a story's filler would weigh like its subject.
 * So a text is read whole, as a bag of its words and of its pairs of neighbouring words:
 *
 * - each term weighs by how rare it is among the standards (IDF), and by how often the
 *   text uses it, saturating (BM25's k3), so a word said once counts and a word said ten
 *   times does not count ten times;
 * - pairs of neighbouring words ("vertical angles", "scatter plots", "factor pairs") are
 *   terms of their own: a pair shared with a standard tells far more than its two words;
 * - a standard's text is its description, its skills' descriptions, the headings above
 *   it and its components' descriptions (the a, b, c under it), each weighted (BM25F);
 * - length normalisation is full (b = 1): a long standard that says a little of
 *   everything ("solve word problems involving …") does not answer every story;
 * - the mathematics the text is about is recognised from its everyday words and notation
 *   (concepts.ts, over the vocabulary file): each concept's standards' words count as if
 *   the text said them; bare numbers, single letters and units never count by themselves;
 * - where the text's notation is first taught in a grade ("3/4", "-12", "x^2"), a standard
 *   of only lower grades keeps part of its score (a soft signal: a strong match still
 *   shows; with a grade chosen it changes nothing).
 *
 * Only standards are answered (not the headings that group them), one per code and text.
 */
import { gradeFloor, gradePosition, isUnit, recognise, type Recognised } from './concepts';
import {
  EXAMPLE_WEIGHTS,
  ExampleIndex,
  MAX_BANK_EXAMPLE,
  type ExampleWeights,
  type PlacedExample,
  type TextRead,
  type Vote,
} from './examples';
import { SKIPPED_TERMS } from './phrase';
import { bestBy } from './ranked';
import { headingOf, MAX_DEPTH, type SearchDocument } from './rank';
import { sameWord, termOf, tokens, type Token } from './tokens';
import { idf, termScore } from './vocabulary';

const skip = (term: string) => SKIPPED_TERMS.has(term);

/** The longest text taken (characters): a lesson plan's length; more is refused by the API. */
export const MAX_ALIGN_TEXT = 10_000;

/** Field weights: the standard's own words; its skills'; the headings above it; its components'; its notes. */
const WEIGHT = { description: 1, skills: 0.5, headings: 0.3, components: 0.5, notes: 0.4 } as const;
type Field = keyof typeof WEIGHT;
const FIELDS = Object.keys(WEIGHT) as Field[];
/** Full length normalisation (see above). */
const B = 1;
/** How fast a word's repeats in the text stop counting more (BM25's k3). */
const K3 = 1;
/**
 * Bounds on what a standard borrows from others (hostile data: a 190 KB heading above
 * 5,000 standards would otherwise be copied into each): a heading's first terms (real
 * headings are a line), and its components' first terms together.
 */
const HEADING_TERMS = 200;
const HEADING_CHARS = 2000;
/** Documents whose words are kept for naming reasons: a few pages of answers. */
const KEPT_WORDS = 2000;
const COMPONENT_TERMS = 2000;
/** The words shown as why a standard matched (those weighing at least WORD_SHARE of the most telling), and the skills. */
const MAX_WORDS = 8;
const WORD_SHARE = 0.4;
const MAX_SKILLS = 3;
/**
 * How much a recognised concept's standards' words count, beside a word the text says
 * once (1): a concept shown twice counts fully, once half; and the concepts of one text
 * share one such count, so a long text that touches ten concepts is not pulled toward
 * each (measured on the public problems, written in the standards' words: decision 022).
 */
const CONCEPT_WEIGHT = 1;
const FULL_EVIDENCE = 2;
/** The share of its score a standard below the text's grade floor loses. */
const BELOW_FLOOR = 0.3;
/** A concept is named as a reason where its words make at least this share of the standard's score. */
const CONCEPT_SHARE = 0.15;
const MAX_CONCEPTS = 3;

/**
 * The share of a suggestion's score that its nearest examples' vote gives (decision 027),
 * beside the share of the words, skills and concepts it shares with the text; each score
 * relative to the best of its kind. Chosen by cross-validation inside the bank (folds by
 * example: `npm run tune:examples`).
 */
export const EXAMPLE_SHARE = 0.7;

/**
 * The examples are short texts (at most MAX_BANK_EXAMPLE characters, a bank rule): they speak for
 * texts of their length. A longer text (a lesson, a curriculum's problem in the
 * standards' own words) has more of its own words to match the standards by, and is
 * compared with short examples less reliably, so its vote's share shrinks in proportion
 * to its length. Measured on the public problems (median 1,229 characters): without it
 * the bank lowered hit@5 from 0.80 to 0.71 (decision 027). The length is the bank's rule,
 * not a tuned value.
 */
const exampleReach = (length: number) => Math.min(1, MAX_BANK_EXAMPLE / Math.max(1, length));

/** How an alignment is made: the bench's and the tuning's ablations. */
export interface AlignOptions {
  /** Read the everyday-math vocabulary's concepts in the text (false: only its words). */
  concepts?: boolean;
  /** Let the nearest examples vote (false: the ranking without the bank). */
  examples?: boolean;
  /** The vote's share (see EXAMPLE_SHARE). */
  share?: number;
  /** A teacher's own examples, placed on this index's documents: they vote beside the bank's. */
  own?: readonly PlacedExample[];
}

/** The example closest to the text among a suggestion's, shown as why ("like: …"). */
export interface ExampleReason {
  text: string;
  /** The teacher's own example, kept on this device. */
  own: boolean;
}

/** A recognised concept as a reason for one standard. */
export interface RecognisedReason {
  concept: string;
  /** The text's words that showed it ("25% off", "sales tax"). */
  evidence: string[];
  /** The standard's own words it matched through (its telling ones, as the standard writes them: "increasing"). */
  words: string[];
}

export interface Alignment {
  /** The document's position in the list the index was built from. */
  doc: number;
  /** The score relative to the first result's (1 for the first), for showing and for a cut-off. */
  score: number;
  /** The text's words the standard shares (lower case, as the text first writes them), most telling first. */
  words: string[];
  /** The standard's skills (positions in its `skills`) that share words with the text, most first. */
  skills: number[];
  /** The concepts recognised in the text that this standard matched through, most first. */
  concepts: RecognisedReason[];
  /** The standard's example nearest to the text, where its examples voted for it. */
  example?: ExampleReason;
}

interface Posting {
  docs: number[];
  /** The term's weighted, length-normalised count in each of those documents (BM25F's pseudo-frequency). */
  tf: number[];
}

export class AlignIndex {
  private readonly postings = new Map<string, Posting>();
  /** Each document's own single terms (description, skills, components, notes; not its headings'): for naming what matched. */
  private readonly ownTerms: Array<Set<string>> = [];
  /**
   * Documents' words as written (lower case), by term, their components' and headings'
   * too: a word of the text is shown as a reason only where the standard holds that
   * whole word, and a concept's reason shows the standard's own word ("increasing" for
   * "increase"). Worked out for the documents an alignment answers, and kept (bounded).
   */
  private readonly ownWords = new Map<number, Map<string, string[]>>();
  /** Each document's components (the documents under it), within COMPONENT_TERMS' bound. */
  private readonly componentsOf: number[][] = [];
  /** Each document's headings' terms: named as what matched where the standard's own text shares nothing. */
  private readonly headingTerms: Array<Set<string>> = [];
  /** Each document's grade positions (see concepts.ts), empty where it names none. */
  private readonly gradePositions: number[][] = [];
  private readonly skillTerms: Array<Array<Set<string>>> = [];
  private readonly candidate: boolean[] = [];
  /** The first document of each code and text: the others fold into it. */
  private readonly sameAs: number[] = [];
  /** The examples that vote (the bank's and a teacher's own), placed on the documents that answer for them; none until useExamples. */
  private examples = ExampleIndex.build([]);

  private constructor(private readonly documents: readonly SearchDocument[]) {}

  /** The index, built at once (the server, in a search thread). */
  static build(documents: readonly SearchDocument[]): AlignIndex {
    const steps = AlignIndex.building(documents);
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /**
   * The index, built a document at a time: the generator yields after each one, so a
   * page can build it in slices between frames (the largest framework takes ~0.4 s).
   */
  static *building(documents: readonly SearchDocument[]): Generator<void, AlignIndex> {
    const index = new AlignIndex(documents);
    yield* index.fill();
    return index;
  }

  private *fill(): Generator<void> {
    const { documents } = this;
    const n = documents.length;
    const parentOf = (doc: number) => {
      const p = headingOf(documents[doc]!, doc);
      return p < n ? p : -1;
    };
    const cut = new Map<string, string[]>(); // a skill supports several standards: cut once
    const termsOf = (text: string | null | undefined) => {
      let terms = cut.get(text ?? '');
      if (!terms) cut.set(text ?? '', (terms = termsWithPairs(text)));
      return terms;
    };
    const own: string[][] = [];
    for (const d of documents) {
      own.push(termsOf(d.description));
      yield;
    }
    const components: string[][] = documents.map(() => []);
    this.componentsOf.push(...documents.map((): number[] => []));
    documents.forEach((_, doc) => {
      const p = parentOf(doc);
      if (p >= 0 && components[p]!.length < COMPONENT_TERMS) {
        components[p]!.push(...own[doc]!.slice(0, COMPONENT_TERMS - components[p]!.length));
        this.componentsOf[p]!.push(doc);
      }
    });
    const fields: Array<Record<Field, string[]>> = [];
    for (let doc = 0; doc < n; doc++) {
      const headings: string[] = [];
      for (let p = parentOf(doc), depth = 0; p >= 0 && depth < MAX_DEPTH; p = parentOf(p), depth++)
        headings.push(...own[p]!.slice(0, HEADING_TERMS));
      const skills = (documents[doc]!.skills ?? []).map(termsOf);
      this.skillTerms.push(skills.map(singleTerms));
      fields.push({
        description: own[doc]!,
        skills: skills.flat(),
        headings,
        components: components[doc]!,
        notes: termsOf(documents[doc]!.notes),
      });
      yield;
    }
    const average = Object.fromEntries(FIELDS.map((f) => [f, fields.reduce((sum, x) => sum + x[f].length, 0) / (n || 1) || 1]));
    const first = new Map<string, number>();
    for (let doc = 0; doc < n; doc++) {
      const x = fields[doc]!;
      const d = documents[doc]!;
      this.candidate.push(d.grouping !== true);
      const key = `${d.statementCode ?? ''}\u0000${d.description ?? ''}`;
      this.sameAs.push(first.get(key) ?? doc);
      if (!first.has(key)) first.set(key, doc);
      const counts = new Map<string, number>();
      for (const f of FIELDS) {
        const norm = 1 - B + (B * x[f].length) / average[f]!;
        for (const term of x[f]) counts.set(term, (counts.get(term) ?? 0) + WEIGHT[f] / norm);
      }
      this.ownTerms.push(singleTerms([...x.description, ...x.skills, ...x.components, ...x.notes]));
      this.headingTerms.push(singleTerms(x.headings));
      this.gradePositions.push([...new Set((d.grades ?? []).map(gradePosition).filter((p) => p !== undefined))]);
      for (const [term, tf] of counts) {
        let p = this.postings.get(term);
        if (!p) this.postings.set(term, (p = { docs: [], tf: [] }));
        p.docs.push(doc);
        p.tf.push(tf);
      }
      yield;
    }
  }

  get size(): number {
    return this.documents.length;
  }

  /**
   * The examples that vote from now on (placed on this index's documents; a document
   * folded into another of the same code and text votes for that one). Replacing them
   * (a teacher kept an example) rebuilds only the examples' index: ~5,000 examples in
   * tens of milliseconds.
   */
  useExamples(placed: readonly PlacedExample[], weights: ExampleWeights = EXAMPLE_WEIGHTS): void {
    this.examples = ExampleIndex.build(this.onStandards(placed), weights);
  }

  /** The same, built in slices between frames (the device: see ExampleIndex.building). */
  *usingExamples(placed: readonly PlacedExample[], weights: ExampleWeights = EXAMPLE_WEIGHTS): Generator<void> {
    this.examples = yield* ExampleIndex.building(this.onStandards(placed), weights);
  }

  /** Examples on the standards that answer for their documents (one folded into another votes for that one). */
  private onStandards(placed: readonly PlacedExample[]): PlacedExample[] {
    return placed
      .filter((e) => Number.isInteger(e.doc) && e.doc >= 0 && e.doc < this.size)
      .map((e) => ({ ...e, doc: this.sameAs[e.doc]! }))
      .filter((e) => this.candidate[e.doc]);
  }

  /** The examples voting, in their order (for the tuning's folds). */
  get votingExamples(): readonly PlacedExample[] {
    return this.examples.placed;
  }

  /** A document's words by term (see ownWords). */
  private wordsOfDoc(doc: number): Map<string, string[]> {
    let words = this.ownWords.get(doc);
    if (!words) {
      const d = this.documents[doc]!;
      const components = this.componentsOf[doc]!.map((c) => (this.documents[c]!.description ?? '').slice(0, HEADING_CHARS));
      words = wordsOf([d.description, ...(d.skills ?? []), d.notes, ...components, ...this.headingTexts(doc)]);
      if (this.ownWords.size >= KEPT_WORDS) this.ownWords.clear();
      this.ownWords.set(doc, words);
    }
    return words;
  }

  /** The texts of the headings above a document, nearest first. */
  private headingTexts(doc: number): string[] {
    const texts: string[] = [];
    const n = this.documents.length;
    for (
      let p = headingOf(this.documents[doc]!, doc), depth = 0;
      p >= 0 && p < n && depth < MAX_DEPTH;
      p = headingOf(this.documents[p]!, p), depth++
    )
      texts.push((this.documents[p]!.description ?? '').slice(0, HEADING_CHARS));
    return texts;
  }

  /**
   * The standards a text most likely addresses, best first (at most `limit`); `keep`
   * drops documents (filters) before the limit applies; `concepts: false` reads only the
   * text's words (the bench's measure of what the vocabulary file brings), `examples:
   * false` leaves the examples' vote out. Empty when the text shares no word with any
   * standard or example.
   */
  align(text: string, limit: number, keep: (doc: number) => boolean = () => true, options: AlignOptions = {}): Alignment[] {
    const { concepts = true, examples = true, share = EXAMPLE_SHARE, own = [] } = options;
    const clipped = text.slice(0, MAX_ALIGN_TEXT);
    const query = textTerms(clipped, concepts);
    const n = this.size;
    const score = new Float64Array(n);
    const weights = new Map<string, number>();
    for (const [term, count] of query.counts) {
      const p = this.postings.get(term);
      if (!p) continue;
      const weight = (idf(n, p.docs.length) * count * (K3 + 1)) / (count + K3);
      weights.set(term, weight);
      for (let k = 0; k < p.docs.length; k++) score[p.docs[k]!]! += termScore(weight, p.tf[k]!);
    }
    // Without the bank (an index built without examples), a teacher's own examples still vote.
    const voted = examples ? this.examples.vote(clipped, keep, this.onStandards(own), query.read) : undefined;
    const votes = voted?.votes;
    // The documents that answer: standards (not headings), the first of each code and text, within the filters.
    const answers = (doc: number) => this.candidate[doc] === true && this.sameAs[doc] === doc && keep(doc);
    if (votes?.size) this.fuse(score, votes, share * exampleReach(clipped.length), answers);
    const found: number[] = [];
    for (let doc = 0; doc < n; doc++) if (score[doc]! > 0 && answers(doc)) found.push(doc);
    if (query.floor !== undefined) for (const doc of found) if (this.below(doc, query.floor)) score[doc]! *= 1 - BELOW_FLOOR;
    // A text's words and concepts touch most of a large framework: the best are picked without sorting them all.
    const best = bestBy(
      found,
      limit,
      (doc) => score[doc]!,
      (a, b) => score[b]! - score[a]! || a - b,
    );
    const top = best.length ? score[best[0]!]! : 1;
    // Each concept's terms that count, looked up once for all the answers.
    const held = query.recognised.map((c) => ({
      c,
      terms: c.terms.flatMap((term) => {
        const p = this.postings.get(term);
        const weight = weights.get(term);
        return p && weight ? [{ term, p, weight, shown: !term.includes(' ') }] : [];
      }),
    }));
    return best.map((doc) => {
      const words = this.sharedWords(doc, query.written, weights);
      const skills = this.sharedSkills(doc, query.counts);
      let concepts = this.conceptsOf(doc, held);
      // Every suggestion says why: where nothing telling is shared, whatever concept led to it.
      if (!words.length && !skills.length && !concepts.length) concepts = this.conceptsOf(doc, held, true);
      const vote = votes?.get(doc);
      const example = vote?.nearest !== undefined ? voted?.examples[vote.nearest] : undefined;
      return {
        doc,
        score: Math.round((score[doc]! / top) * 1000) / 1000,
        words,
        skills,
        concepts,
        ...(example && { example: { text: example.text, own: example.own === true } }),
      };
    });
  }

  /**
   * The words' scores and the examples' votes as one score, in place: each relative to
   * the best of its kind among the documents that answer, weighed by `share`.
   */
  private fuse(score: Float64Array, votes: ReadonlyMap<number, Vote>, share: number, answers: (doc: number) => boolean): void {
    let top = 0;
    for (let doc = 0; doc < score.length; doc++) if (score[doc]! > top && answers(doc)) top = score[doc]!;
    let topVote = 0;
    for (const v of votes.values()) if (v.score > topVote) topVote = v.score;
    const words = top > 0 ? (1 - share) / top : 0;
    for (let doc = 0; doc < score.length; doc++) score[doc]! *= words;
    for (const [doc, v] of votes) score[doc]! += (share * v.score) / topVote;
  }

  /** True where every grade the document names is below `floor` (one naming none is never below). */
  private below(doc: number, floor: number): boolean {
    const positions = this.gradePositions[doc]!;
    return positions.length > 0 && positions.every((p) => p < floor);
  }

  /**
   * The recognised concepts whose standards' words make a good share of the document's
   * score, most first; `any`: every concept it holds a word of, filler words too.
   */
  private conceptsOf(doc: number, concepts: readonly ConceptPostings[], any = false): RecognisedReason[] {
    const shares = concepts.map(({ c, terms }) => {
      let share = 0;
      let most = 0;
      const scored: Array<{ term: string; score: number }> = [];
      for (const { term, p, weight, shown } of terms) {
        const k = sortedIndexOf(p.docs, doc);
        if (k < 0) continue;
        const score = termScore(weight, p.tf[k]!);
        share += score;
        if (shown && (any || !FILLER.has(term))) {
          scored.push({ term, score });
          if (score > most) most = score;
        }
      }
      // Its telling words only (as the text's shared words): "Pythagorean", not "side".
      const telling = scored.filter((h) => h.score >= most * WORD_SHARE).map((h) => h.term);
      return { c, share, telling };
    });
    const total = shares.reduce((sum, x) => sum + x.share, 0) || 1;
    return shares
      .filter((x) => x.share > 0 && (any || x.share / total >= CONCEPT_SHARE))
      .sort((a, b) => b.share - a.share)
      .slice(0, MAX_CONCEPTS)
      .map(({ c, telling }) => {
        const own = this.wordsOfDoc(doc);
        return {
          concept: c.concept,
          evidence: c.evidence,
          words: telling.map((term) => own.get(term)?.[0]).filter((w) => w !== undefined),
        };
      })
      .filter((r) => r.words.length > 0);
  }

  /**
   * The text's single words the document holds, as the text writes them, the most
   * telling first; words that tell little beside them ("using", "number") are left out.
   */
  private sharedWords(doc: number, written: Map<string, string>, weights: Map<string, number>): string[] {
    const ownWords = this.wordsOfDoc(doc);
    const holds = (term: string) => (ownWords.get(term) ?? []).some((w) => sameWord(w, written.get(term)!));
    const sharedIn = (terms: Set<string>) =>
      [...written.keys()]
        .filter((term) => terms.has(term) && weights.has(term) && holds(term))
        .sort((a, b) => weights.get(b)! - weights.get(a)!);
    // Its own words first; where they share nothing, the words of the headings it sits under.
    let shared = sharedIn(this.ownTerms[doc]!);
    if (!shared.length) shared = sharedIn(this.headingTerms[doc]!);
    const least = (weights.get(shared[0]!) ?? 0) * WORD_SHARE;
    return shared
      .filter((term) => weights.get(term)! >= least)
      .slice(0, MAX_WORDS)
      .map((term) => written.get(term)!);
  }

  /** The document's skills holding the text's words, the most shared first (the first of equals). */
  private sharedSkills(doc: number, counts: Map<string, number>): number[] {
    return this.skillTerms[doc]!.map((terms, s) => ({ s, shared: [...terms].filter((t) => counts.has(t)).length }))
      .filter((x) => x.shared > 0)
      .sort((a, b) => b.shared - a.shared || a.s - b.s)
      .slice(0, MAX_SKILLS)
      .map((x) => x.s);
  }
}

/** The terms of a text's words, very common and function words left out. */
const contentTokens = (text: string) => tokens(text).filter((t) => !skip(t.term));

/** Terms and, after them, each pair of neighbours as one term ("vertical angl"): a pair holds a space, a term never does. */
function withPairs(terms: string[]): string[] {
  const out = [...terms];
  for (let i = 1; i < terms.length; i++) out.push(`${terms[i - 1]} ${terms[i]}`);
  return out;
}

const singleTerms = (terms: string[]) => new Set(terms.filter((t) => !t.includes(' ')));

/** A standard's text as terms with pairs. */
const termsWithPairs = (text: string | null | undefined): string[] => (text ? withPairs(contentTokens(text).map((t) => t.term)) : []);

/** A recognised concept's terms the index holds, with their postings and weights in one alignment. */
interface ConceptPostings {
  c: ConceptTerms;
  terms: Array<{ term: string; p: Posting; weight: number; shown: boolean }>;
}

/** A recognised concept with its standards' words as terms (with pairs). */
interface ConceptTerms extends Recognised {
  terms: string[];
}

/**
 * A pasted text's terms (with pairs) counted, with the standards' words of the concepts
 * it is about; each single term's first word in it, lower case (for naming matches); and
 * the grade floor its notation sets. Bare numbers, single letters and units ("5", "x",
 * "feet") are not terms: they tell nothing of a standard by themselves (the concepts read
 * the notation and quantities they stand in).
 */
function textTerms(
  text: string,
  withConcepts: boolean,
): {
  counts: Map<string, number>;
  written: Map<string, string>;
  recognised: ConceptTerms[];
  floor?: number;
  /** The text as read: its tokens and, with concepts, what they showed (the examples' vote reads it once more otherwise). */
  read: TextRead;
} {
  const all = tokens(text);
  const content = all.filter((t) => !skip(t.term) && !bare(t));
  const written = new Map<string, string>();
  for (const t of content) if (!written.has(t.term)) written.set(t.term, t.word);
  const counts = new Map<string, number>();
  for (const term of withPairs(content.map((t) => t.term))) counts.set(term, (counts.get(term) ?? 0) + 1);
  const found = withConcepts ? recognise(text, all) : [];
  const recognised = found.map((r) => ({ ...r, terms: conceptTerms(r.standards) }));
  for (const c of recognised) {
    const weight = (CONCEPT_WEIGHT * Math.min(1, c.evidence.length / FULL_EVIDENCE)) / recognised.length;
    for (const term of c.terms) counts.set(term, (counts.get(term) ?? 0) + weight);
  }
  return {
    counts,
    written,
    recognised,
    floor: gradeFloor(found),
    read: withConcepts ? { tokens: all, recognised: found } : { tokens: all },
  };
}

/** A concept's standards' words as terms with pairs, worked out once per concept. */
const termsOfConcept = new Map<string, string[]>();
function conceptTerms(standards: string): string[] {
  let terms = termsOfConcept.get(standards);
  if (!terms) {
    terms = [
      ...new Set(
        withPairs(
          contentTokens(standards)
            .filter((t) => !bare(t))
            .map((t) => t.term),
        ),
      ),
    ];
    termsOfConcept.set(standards, terms);
  }
  return terms;
}

/** A number, a single letter or a unit of measure: never evidence of a standard by itself. */
const bare = (t: Token) => /^\d+$/.test(t.term) || t.word.length === 1 || isUnit(t.word);

/** The whole words of texts, lower case, by term, in the order first written. */
function wordsOf(texts: ReadonlyArray<string | null | undefined>): Map<string, string[]> {
  const words = new Map<string, string[]>();
  for (const text of texts)
    if (text)
      for (const t of tokens(text)) {
        const list = words.get(t.term);
        if (!list) words.set(t.term, [t.word]);
        else if (!list.includes(t.word)) list.push(t.word);
      }
  return words;
}

/**
 * Words the standards use on every topic ("solve word problems involving …"): they count
 * in the ranking but are never shown as a concept's reason.
 */
const FILLER: ReadonlySet<string> = new Set(
  'problem problems word words solve solving involving involve simple real world use using number numbers represent'.split(' ').map(termOf),
);

/** The position of `value` in an ascending list, or -1. */
function sortedIndexOf(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] === value) return mid;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
