/**
 * The mathematics a classroom text is about, recognised from its everyday words and its
 * notation (decision 022): "a ladder leans against a wall" is a right triangle, "25% off"
 * is percent, "6 feet long, 4 feet wide and 2 feet deep" is volume. What each concept is
 * recognised by, the standards' words it stands for and the grades it is taught in are
 * data, in `everyday-math.json`, a file a teacher can review and extend; this module only
 * reads it. The alignment (align.ts) and the word search (query.ts) share it, in the
 * browser and on the server alike.
 */
import vocabulary from './everyday-math.json' with { type: 'json' };
import { sameWord, tokens, type Token } from './tokens';

/** A concept as the vocabulary file writes it. */
export interface ConceptEntry {
  concept: string;
  standards: string;
  cues: string[];
  patterns?: string[];
  needs?: string[];
  query?: string;
  grades: string[];
}

/** A concept found in a text, with the text's own words that showed it. */
export interface Recognised {
  concept: string;
  /** The text's words or notation that showed it, as written ("25% off", "sales tax"), first seen first. */
  evidence: string[];
  /** The standards' words it stands for. */
  standards: string;
  grades: readonly string[];
  /** True where notation showed it (a pattern: "3/4", "-12", "x^2"), not only words. */
  notation: boolean;
}

/** The grades in order, for the grade sense: Kindergarten 0, grades 1–8, high school 9. */
export function gradePosition(grade: string): number | undefined {
  if (grade === 'K' || grade === 'PK' || grade === 'TK') return 0;
  if (grade === 'HS') return 9;
  const n = Number(grade);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 9) : undefined;
}

interface Cue {
  concept: number;
  /** The cue's words, lower case: a text matches them whole (a plural too), never by stem ("used" is not "use"). */
  words: string[];
}

interface Compiled {
  entries: ConceptEntry[];
  /** Cues by their first word, so a text is read in one pass. */
  cuesByFirst: Map<string, Cue[]>;
  patterns: Array<{ concept: number; pattern: RegExp }>;
  /** The cues of concepts with a `query` reading, the longest first, with that reading. */
  queryCues: Array<{ words: string[]; query: string }>;
}

let compiled: Compiled | undefined;

/** The vocabulary, checked and compiled once: a broken entry fails loudly in the tests, not quietly in a ranking. */
export function concepts(): Compiled {
  if (compiled) return compiled;
  const entries = vocabulary.concepts as ConceptEntry[];
  const names = new Set(entries.map((e) => e.concept));
  const cuesByFirst = new Map<string, Cue[]>();
  const patterns: Compiled['patterns'] = [];
  const queryCues: Compiled['queryCues'] = [];
  entries.forEach((e, concept) => {
    for (const need of e.needs ?? []) if (!names.has(need)) throw new Error(`everyday-math.json: "${e.concept}" needs unknown "${need}"`);
    for (const cue of e.cues) {
      const words = tokens(cue).map((t) => t.word);
      if (!words.length) throw new Error(`everyday-math.json: "${e.concept}" has a cue with no word: "${cue}"`);
      const list = cuesByFirst.get(words[0]!) ?? [];
      list.push({ concept, words });
      cuesByFirst.set(words[0]!, list);
      if (e.query) queryCues.push({ words, query: e.query });
    }
    for (const p of e.patterns ?? []) patterns.push({ concept, pattern: new RegExp(p, 'gi') });
  });
  queryCues.sort((a, b) => b.words.length - a.words.length);
  compiled = { entries, cuesByFirst, patterns, queryCues };
  return compiled;
}

/** Concepts left out: the tuning's ablation only (`npm run tune:examples -- concepts`); none in the product. */
let leftOut: ReadonlySet<string> = new Set();
export function leaveOutConcepts(names: Iterable<string>): void {
  leftOut = new Set(names);
}

let unitWords: ReadonlySet<string> | undefined;

/** True for a unit of measure ("feet", "grams", "hours"): read through its concepts, never as a word of its own. */
export const isUnit = (word: string) => (unitWords ??= new Set(vocabulary.units.words)).has(word);

/** The longest evidence shown for a pattern; a longer match is shown by its start ("3 red apples and 2 green…"). */
const EVIDENCE_CHARS = 24;
const MAX_EVIDENCE = 3;

/** The concepts a text is about, in the vocabulary's order, each with what showed it. */
export function recognise(text: string, words: readonly Token[] = tokens(text)): Recognised[] {
  const { entries, cuesByFirst, patterns } = concepts();
  const evidence = new Map<number, string[]>();
  const notation = new Set<number>();
  const found = (concept: number, shown: string) => {
    const list = evidence.get(concept) ?? [];
    if (!list.some((x) => x.toLowerCase() === shown.toLowerCase())) list.push(shown);
    evidence.set(concept, list);
  };
  for (let i = 0; i < words.length; i++) {
    for (const cue of cuesStarting(cuesByFirst, words[i]!.word)) {
      if (cueAt(words, i, cue.words)) found(cue.concept, text.slice(words[i]!.start, words[i + cue.words.length - 1]!.end));
    }
  }
  for (const { concept, pattern } of patterns) {
    pattern.lastIndex = 0;
    const m = pattern.exec(text);
    if (m) {
      found(concept, shownMatch(m[0]));
      notation.add(concept);
    }
  }
  const present = new Set([...evidence.keys()].map((c) => entries[c]!.concept));
  const kept = (concept: number) =>
    !leftOut.has(entries[concept]!.concept) && (entries[concept]!.needs ?? []).every((need) => present.has(need));
  return [...evidence.keys()]
    .filter(kept)
    .sort((a, b) => a - b)
    .map((concept) => {
      const e = entries[concept]!;
      return {
        concept: e.concept,
        evidence: evidence.get(concept)!.slice(0, MAX_EVIDENCE),
        standards: e.standards,
        grades: e.grades,
        notation: notation.has(concept),
      };
    });
}

/** True where a cue's words stand whole (a plural too) at position `i` of a text's words. */
const cueAt = (words: readonly Token[], i: number, cue: readonly string[]) =>
  i + cue.length <= words.length && cue.every((w, k) => sameWord(words[i + k]!.word, w));

/** The cues that may start at a word: those starting with it, or with its singular. */
function cuesStarting(cuesByFirst: Map<string, Cue[]>, word: string): Cue[] {
  const found = [...(cuesByFirst.get(word) ?? [])];
  if (word.endsWith('s')) found.push(...(cuesByFirst.get(word.slice(0, -1)) ?? []));
  if (word.endsWith('es')) found.push(...(cuesByFirst.get(word.slice(0, -2)) ?? []));
  return found;
}

function shownMatch(match: string): string {
  const shown = match.trim().replace(/\s+/g, ' ');
  if (shown.length <= EVIDENCE_CHARS) return shown;
  const cut = shown.lastIndexOf(' ', EVIDENCE_CHARS);
  return `${shown.slice(0, cut > 0 ? cut : EVIDENCE_CHARS)}…`;
}

/**
 * The lowest grade a text's notation points to, by position (see gradePosition), or
 * undefined where its notation points to none: "3/4" is not taught before grade 3,
 * "-12" before grade 6, "x^2" before grade 8. Only notation counts, never words, and
 * only notation first taught from grade 3 on (THE_LOWEST_FLOOR): the words of a story
 * and its small numbers and dollars say little of its grade (measured: a grade guessed
 * from them, or from the largest number, ranked worse; decision 022).
 */
export function gradeFloor(found: readonly Recognised[]): number | undefined {
  let floor: number | undefined;
  for (const r of found) {
    if (!r.notation) continue;
    const positions = r.grades.map(gradePosition).filter((p) => p !== undefined);
    if (!positions.length) continue;
    const lowest = Math.min(...positions);
    if (lowest >= THE_LOWEST_FLOOR && (floor === undefined || lowest > floor)) floor = lowest;
  }
  return floor;
}

const THE_LOWEST_FLOOR = 3;

/**
 * A typed search as the word search reads it: a cue of a concept that names how a
 * search for it reads ("times tables" reads as "multiplication facts", "regrouping" as
 * "composing decomposing tens") is replaced by those words. Other text stays as typed.
 */
export function readAsQuery(query: string): string {
  const { queryCues } = concepts();
  const words = tokens(query);
  let out = '';
  let at = 0;
  for (let i = 0; i < words.length; i++) {
    const cue = queryCues.find((c) => cueAt(words, i, c.words));
    if (!cue) continue;
    out += `${query.slice(at, words[i]!.start)}${cue.query}`;
    at = words[i + cue.words.length - 1]!.end;
    i += cue.words.length - 1;
  }
  return out + query.slice(at);
}
