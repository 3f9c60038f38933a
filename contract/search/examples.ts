/**
 * Standards learnt from examples (decision 027): the example bank holds, for each
 * standard, short classroom texts in everyday words written from its meaning (word
 * problems in several situations, a worksheet heading, an objective, an "I can"
 * statement, a notation prompt), and a teacher may keep their own texts on their device.
 * A pasted text's nearest examples vote for their standards; align.ts fuses the votes
 * with its own ranking. This module reads and checks the bank's lines, places examples on
 * a framework's documents (by the standard's UUID, or through a crosswalk that rates the
 * two standards identical), and ranks examples for a text. The same in the browser, on
 * the server and in the tool server.
 */
import { recognise, type Recognised } from './concepts';
import { SKIPPED_TERMS } from './phrase';
import { tokens, type Token } from './tokens';
import { idf, termScore } from './vocabulary';

export const EXAMPLE_FORMS = ['word problem', 'heading', 'objective', 'I can', 'notation'] as const;
export type ExampleForm = (typeof EXAMPLE_FORMS)[number];
export const EXAMPLE_GRADES = ['K', '1', '2', '3', '4', '5', '6', '7', '8', 'HS'] as const;

/** One line of the bank: the standard's code and UUID, the example's form, the grade it is taught in, the text. */
export interface BankExample {
  code: string;
  uuid: string;
  form: ExampleForm;
  grade: string;
  text: string;
}

/** The longest text of a bank example (characters): examples are short classroom texts. */
export const MAX_BANK_EXAMPLE = 260;

/** How the product marks the bank's examples wherever it shows them. */
export const EXAMPLES_NOTE = 'Written for Standards Explorer as examples of this standard; not part of the standard.';

/** The longest own example kept (characters): a teacher's text is cut to it; a bank example is far shorter. */
export const MAX_EXAMPLE_TEXT = 1000;
/** The most own examples one alignment reads (a teacher's newest for the framework). */
export const MAX_OWN_EXAMPLES = 100;

/**
 * The bank's lines, checked: a broken line fails loudly (in the tests), naming the file
 * and line, never a quiet gap in a ranking.
 */
export function parseExamples(jsonl: string, file: string): BankExample[] {
  const out: BankExample[] = [];
  jsonl.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const where = `${file}:${i + 1}`;
    let x: Partial<BankExample>;
    try {
      x = JSON.parse(line) as Partial<BankExample>;
    } catch {
      throw new Error(`${where}: not a JSON line`);
    }
    if (typeof x.code !== 'string' || typeof x.uuid !== 'string' || typeof x.text !== 'string' || typeof x.grade !== 'string')
      throw new Error(`${where}: an example needs code, uuid, form, grade and text`);
    if (!(EXAMPLE_FORMS as readonly string[]).includes(x.form ?? '')) throw new Error(`${where}: unknown form "${x.form}"`);
    if (!(EXAMPLE_GRADES as readonly string[]).includes(x.grade)) throw new Error(`${where}: unknown grade "${x.grade}"`);
    out.push({ code: x.code, uuid: x.uuid, form: x.form as ExampleForm, grade: x.grade, text: x.text });
  });
  return out;
}

/** The bank's examples by the standard's UUID, in the bank's order. */
export class ExampleBank {
  private readonly byStandard = new Map<string, BankExample[]>();

  constructor(readonly examples: readonly BankExample[]) {
    for (const e of examples) {
      const list = this.byStandard.get(e.uuid);
      if (list) list.push(e);
      else this.byStandard.set(e.uuid, [e]);
    }
  }

  /** A standard's examples (none where the bank has none). */
  of(uuid: string): readonly BankExample[] {
    return this.byStandard.get(uuid) ?? [];
  }

  get standards(): number {
    return this.byStandard.size;
  }

  /**
   * A few of a standard's examples to show beside it: one of each form, word problems
   * first (what a teacher recognises fastest), at most `count`; where the bank has none of
   * its own, those of the first standard a crosswalk rates identical (`identical`: UUIDs).
   */
  shown(uuid: string, identical: readonly string[] = [], count = 3): BankExample[] {
    let all = this.of(uuid);
    for (const other of identical) if (!all.length) all = this.of(other);
    const picked: BankExample[] = [];
    for (const form of EXAMPLE_FORMS) {
      const e = all.find((x) => x.form === form);
      if (e && picked.length < count) picked.push(e);
    }
    return picked;
  }
}

/** An example standing for one of a framework's documents. */
export interface PlacedExample {
  doc: number;
  text: string;
  /** A teacher's own example (on their device), not the bank's. */
  own?: boolean;
}

/** A teacher's own example as an alignment reads it: a text they kept for a standard (its caseIdentifierUUID). */
export interface OwnExample {
  standard: string;
  text: string;
}

/**
 * The bank's examples placed on a framework's documents: a document takes the examples
 * of its own UUID, or else those of the standards a crosswalk rates identical to it
 * (`identical(doc)`: their UUIDs), so a state's copy of a Common Core standard learns
 * from the same examples. Own examples are placed by UUID only.
 */
export function placeExamples(
  bank: ExampleBank,
  ids: readonly string[],
  identical: (doc: number) => readonly string[] = () => [],
): PlacedExample[] {
  const steps = placingExamples(bank, ids, identical);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** The same, a document at a time: a page places them in slices between frames (9,863 documents took ~15 ms in one). */
export function* placingExamples(
  bank: ExampleBank,
  ids: readonly string[],
  identical: (doc: number) => readonly string[] = () => [],
): Generator<void, PlacedExample[]> {
  const placed: PlacedExample[] = [];
  for (let doc = 0; doc < ids.length; doc++) {
    let examples = bank.of(ids[doc]!);
    if (!examples.length) for (const other of identical(doc)) if ((examples = bank.of(other)).length) break;
    for (const e of examples) placed.push({ doc, text: e.text });
    yield;
  }
  return placed;
}

/** A teacher's own examples placed on the documents of their standards (`ids`: each document's UUID); others are left out. */
export function placeOwnExamples(ids: readonly string[], own: readonly OwnExample[]): PlacedExample[] {
  if (!own.length) return [];
  const position = new Map(ids.map((id, doc) => [id, doc]));
  return own.slice(0, MAX_OWN_EXAMPLES).flatMap((e) => {
    const doc = position.get(e.standard);
    return doc === undefined ? [] : [{ doc, text: e.text.slice(0, MAX_EXAMPLE_TEXT), own: true }];
  });
}

/**
 * The weights of the vote, each chosen by cross-validation inside the bank (folds by
 * example, `npm run tune:examples`), never on a set the bench reports.
 */
export interface ExampleWeights {
  /** How many of the nearest examples vote. */
  neighbours: number;
  /** BM25's length normalisation over the examples. */
  b: number;
  /** A recognised concept of the vocabulary file, as a term shared by text and example. */
  concept: number;
  /** The shape of the notation (fractions, exponents, negative numbers…) and the size of the numbers, as terms. */
  shape: number;
  /**
   * A teacher's own example counts this many times a bank example as near to the text. Not
   * tuned (the bank holds no teacher's examples): set so that an own example as near as
   * the bank's nearest puts its standard first, since it says what this teacher means.
   */
  own: number;
  /**
   * The share of the vote that comes from all of a standard's examples read as one text
   * (BM25 over each standard's examples together), beside the nearest examples' share.
   */
  together: number;
}

export const EXAMPLE_WEIGHTS: ExampleWeights = { neighbours: 50, b: 0.75, concept: 1, shape: 1, own: 3, together: 0.5 };

/** What an alignment has already read of its text. */
export interface TextRead {
  tokens?: readonly Token[];
  recognised?: readonly Recognised[];
}

/**
 * A text as the example index reads it: its words' terms (no function words, no bare
 * numbers or letters) and their neighbouring pairs, the concepts the vocabulary file
 * recognises in it ("@percent"), and the shape of its notation and numbers ("#fraction",
 * "#numbers-100"), each with its weight. A text already read (its tokens, and the
 * concepts recognised in it) is not read again.
 */
export function exampleTerms(text: string, w: ExampleWeights = EXAMPLE_WEIGHTS, read: TextRead = {}): Map<string, number> {
  const all = read.tokens ?? tokens(text);
  const words = all.filter((t) => !SKIPPED_TERMS.has(t.term) && !bareWord(t)).map((t) => t.term);
  const terms = new Map<string, number>();
  const add = (term: string, weight: number) => terms.set(term, (terms.get(term) ?? 0) + weight);
  for (const term of words) add(term, 1);
  for (let i = 1; i < words.length; i++) add(`${words[i - 1]} ${words[i]}`, 1);
  if (w.concept > 0) for (const r of read.recognised ?? recognise(text, all)) add(`@${r.concept}`, w.concept);
  if (w.shape > 0) for (const s of shapeOf(text)) add(`#${s}`, w.shape);
  return terms;
}

const bareWord = (t: Token) => /^\d+$/.test(t.term) || t.word.length === 1;

/** The notation a text writes and how large its numbers are: signs of its grade and subject beyond its words. */
function shapeOf(text: string): string[] {
  const shapes: string[] = [];
  const has = (name: string, pattern: RegExp) => pattern.test(text) && shapes.push(name);
  has('fraction', /\b\d+\s*\/\s*\d+\b/);
  has('mixed-number', /\b\d+\s+\d+\s*\/\s*\d+\b/);
  has('decimal', /\d\.\d/);
  has('percent', /\d\s*%/);
  has('money', /\$\s*\d|\d\s*¢/);
  has('negative', /(^|[\s(=,:])[-−]\s?\d/);
  has('power', /\^|[²³⁴⁵⁶⁷⁸⁹⁰⁻]/);
  has('variable', /\b\d*[a-z]\s*[=<>≤≥+−-]\s*\d|\d[a-z]\b|\b[a-z]\s*[=<>≤≥]/i);
  has('equation', /=/);
  has('times', /[×*]|\d\s*x\s*\d/);
  has('divide', /÷/);
  has('root', /√|∛|sqrt/i);
  has('inequality', /[<>≤≥]/);
  has('point', /\(\s*[-−]?\d+(\.\d+)?\s*,\s*[-−]?\d+(\.\d+)?\s*\)/);
  has('time-of-day', /\b\d{1,2}:\d\d\b/);
  has('scientific', /\d\s*[×x]\s*10\s*\^?[-−]?\d*/);
  const numbers = [...text.matchAll(/\d[\d,]*(\.\d+)?/g)].map((m) => Number(m[0].replace(/,/g, '')));
  const largest = Math.max(0, ...numbers.filter(Number.isFinite));
  if (numbers.length)
    shapes.push(
      largest <= 10
        ? 'numbers-10'
        : largest <= 20
          ? 'numbers-20'
          : largest <= 100
            ? 'numbers-100'
            : largest <= 1000
              ? 'numbers-1000'
              : 'numbers-large',
    );
  return shapes;
}

interface Posting {
  /** Examples (or documents, for a standard's examples together). */
  at: number[];
  tf: number[];
}

/** A document's vote: its score from its examples, and the one nearest to the text. */
export interface Vote {
  score: number;
  /** The position of the document's nearest example among the vote's examples (the placed ones, then the extra). */
  nearest?: number;
  /** How near that example is (its score, a teacher's own counting `own` times). */
  nearness?: number;
}

/** BM25 over bags of weighted terms (the examples, or each standard's examples together). */
class Bags {
  readonly postings = new Map<string, Posting>();
  private average = 1;
  private size = 0;

  private constructor(private readonly b: number) {}

  /**
   * The bags indexed a few hundred at a time: the generator yields between them, so a page
   * builds ~6,700 examples' postings in slices (at once they held it for ~40 ms).
   */
  static *building(bags: ReadonlyArray<ReadonlyMap<string, number> | undefined>, b: number): Generator<void, Bags> {
    const out = new Bags(b);
    const lengths = bags.map((terms) => (terms ? total(terms) : 0));
    const held = bags.filter(Boolean).length;
    out.size = held;
    out.average = lengths.reduce((sum, x) => sum + x, 0) / (held || 1) || 1;
    for (let at = 0; at < bags.length; at++) {
      const terms = bags[at];
      if (!terms) continue;
      const norm = out.norm(lengths[at]!);
      for (const [term, count] of terms) {
        let p = out.postings.get(term);
        if (!p) out.postings.set(term, (p = { at: [], tf: [] }));
        p.at.push(at);
        p.tf.push(count / norm);
      }
      if (at % 256 === 255) yield;
    }
    return out;
  }

  /**
   * The query's terms' weights (IDF, a repeated term saturating), and the bags' scores.
   * The notation's shape ("#fraction") only adds to a bag that shares a word or a concept:
   * "3 + 4 = ?" alone says too little to suggest a standard.
   */
  score(query: ReadonlyMap<string, number>, into: Float64Array, touched: number[]): Map<string, number> {
    const weights = new Map<string, number>();
    const shapesLast = [...query].sort(([a], [b]) => Number(a.startsWith('#')) - Number(b.startsWith('#')));
    for (const [term, count] of shapesLast) {
      const p = this.postings.get(term);
      const weight = idf(this.size, p?.at.length ?? 0) * ((count * 2) / (count + 1));
      weights.set(term, weight);
      if (!p) continue;
      const shape = term.startsWith('#');
      for (let k = 0; k < p.at.length; k++) {
        const at = p.at[k]!;
        if (into[at] === 0) {
          if (shape) continue;
          touched.push(at);
        }
        into[at]! += termScore(weight, p.tf[k]!);
      }
    }
    return weights;
  }

  /** One more bag's score against the query's weights (a teacher's own example), by the same rule. */
  scoreOne(terms: ReadonlyMap<string, number>, weights: ReadonlyMap<string, number>): number {
    const norm = this.norm(total(terms));
    let s = 0;
    let shared = false;
    for (const [term, count] of terms) {
      const weight = weights.get(term);
      if (!weight) continue;
      s += termScore(weight, count / norm);
      shared ||= !term.startsWith('#');
    }
    return shared ? s : 0;
  }

  private norm(length: number): number {
    return 1 - this.b + (this.b * length) / this.average;
  }
}

const total = (terms: ReadonlyMap<string, number>) => {
  let sum = 0;
  for (const x of terms.values()) sum += x;
  return sum;
};

/** The placed examples indexed for the vote: one by one (the nearest), and by standard (all together). */
export class ExampleIndex {
  /** The index, built at once (the server, the tuning). */
  static build(placed: readonly PlacedExample[], w: ExampleWeights = EXAMPLE_WEIGHTS): ExampleIndex {
    const steps = ExampleIndex.building(placed, w);
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /**
   * The index, built a few examples at a time: the generator yields between them, so a
   * page builds it in slices between frames (reading ~6,700 examples takes ~0.4 s here,
   * more on a phone).
   */
  static *building(placed: readonly PlacedExample[], w: ExampleWeights = EXAMPLE_WEIGHTS): Generator<void, ExampleIndex> {
    const all: Array<Map<string, number>> = [];
    for (const e of placed) {
      all.push(exampleTerms(e.text, w));
      if (all.length % 32 === 0) yield;
    }
    const byDoc: Array<Map<string, number> | undefined> = [];
    for (let e = 0; e < all.length; e++) {
      const together = (byDoc[placed[e]!.doc] ??= new Map());
      for (const [term, count] of all[e]!) together.set(term, (together.get(term) ?? 0) + count);
      if (e % 256 === 255) yield;
    }
    const examples = yield* Bags.building(all, w.b);
    const standards = yield* Bags.building(byDoc, w.b);
    return new ExampleIndex(placed, w, examples, standards, byDoc.length);
  }

  private constructor(
    readonly placed: readonly PlacedExample[],
    private readonly w: ExampleWeights,
    private readonly examples: Bags,
    private readonly standards: Bags,
    /** One past the highest document an example stands for. */
    private readonly docs: number,
  ) {}

  get size(): number {
    return this.placed.length;
  }

  /**
   * The examples' votes for the text, by document (only documents `keep` keeps): the
   * `neighbours` nearest examples each add their score to their document's, and each
   * standard's examples read together add theirs (`together` of the vote; each part
   * relative to its best). `extra` examples (a teacher's own, sent with the text) are
   * scored against the bank's word weights; each adds `own` times its score relative to
   * the nearest bank example's, beyond the bank's parts: an own example as near to the
   * text as any in the bank outvotes the bank. `read`: what the caller already read of the text.
   */
  vote(
    text: string,
    keep: (doc: number) => boolean,
    extra: readonly PlacedExample[] = [],
    read: TextRead = {},
  ): { votes: Map<number, Vote>; examples: readonly PlacedExample[] } {
    const query = exampleTerms(text, this.w, read);
    const n = this.placed.length;
    const score = new Float64Array(n);
    const touched: number[] = [];
    const weights = this.examples.score(query, score, touched);
    const ranked = touched
      .filter((e) => keep(this.placed[e]!.doc))
      .map((e) => ({ e, s: score[e]! }))
      .sort((a, b) => b.s - a.s || a.e - b.e)
      .slice(0, this.w.neighbours);
    const ownRanked = extra.flatMap((x, i) => {
      const s = keep(x.doc) ? this.examples.scoreOne(exampleTerms(x.text, this.w), weights) : 0;
      return s > 0 ? [{ e: n + i, s }] : [];
    });
    const examples = extra.length ? [...this.placed, ...extra] : this.placed;
    const votes = new Map<number, Vote>();
    const add = (doc: number, s: number, e?: number, nearness = s) => {
      const v = votes.get(doc);
      if (!v) votes.set(doc, { score: s, ...(e !== undefined && { nearest: e, nearness }) });
      else {
        v.score += s;
        if (e !== undefined && (v.nearest === undefined || nearness > (v.nearness ?? 0))) Object.assign(v, { nearest: e, nearness });
      }
    };
    const near = 1 - this.w.together;
    const sums = new Map<number, number>();
    for (const { e, s } of ranked) sums.set(this.placed[e]!.doc, (sums.get(this.placed[e]!.doc) ?? 0) + s);
    const topSum = Math.max(0, ...sums.values());
    for (const { e, s } of ranked) add(this.placed[e]!.doc, (near * s) / topSum, e, s);
    const topOne = ranked[0]?.s ?? Math.max(0, ...ownRanked.map((x) => x.s));
    for (const { e, s } of ownRanked) add(examples[e]!.doc, (near * this.w.own * s) / topOne, e, s * this.w.own);
    if (this.w.together > 0) {
      const byDoc = new Float64Array(this.docs);
      const docs: number[] = [];
      this.standards.score(query, byDoc, docs);
      const kept = docs.filter(keep);
      let top = 0;
      for (const doc of kept) top = Math.max(top, byDoc[doc]!);
      for (const doc of kept) add(doc, (this.w.together * byDoc[doc]!) / top);
    }
    return { votes, examples };
  }
}
