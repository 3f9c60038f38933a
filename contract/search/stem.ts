/**
 * The Porter stemming algorithm (M. F. Porter, "An algorithm for suffix stripping", 1980),
 * written from the paper's rules, so that "fractions", "fractional" and "fraction" are one
 * term, and so are "multiply" and "multiplying". The same function runs in the browser
 * and on the server: both sides must cut a word the same way for a saved framework to
 * rank exactly as the API does.
 */

const isVowelAt = (w: string, i: number): boolean => {
  const c = w[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return true;
  // 'y' is a vowel after a consonant ("happy"), a consonant at the start or after a vowel ("toy").
  return c === 'y' && i > 0 && !isVowelAt(w, i - 1);
};

/** m: the number of vowel-consonant sequences in the stem ([C](VC)^m[V]). */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && !isVowelAt(stem, i)) i++;
  while (i < n) {
    while (i < n && isVowelAt(stem, i)) i++;
    if (i >= n) break;
    while (i < n && !isVowelAt(stem, i)) i++;
    m++;
  }
  return m;
}

const hasVowel = (stem: string) => [...stem].some((_, i) => isVowelAt(stem, i));

const endsDoubleConsonant = (w: string) => w.length >= 2 && w.at(-1) === w.at(-2) && !isVowelAt(w, w.length - 1);

/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y ("hop", not "snow"). */
const endsCvc = (w: string) => {
  const n = w.length;
  if (n < 3) return false;
  const last = w[n - 1]!;
  return !isVowelAt(w, n - 1) && isVowelAt(w, n - 2) && !isVowelAt(w, n - 3) && last !== 'w' && last !== 'x' && last !== 'y';
};

/** Replaces the first matching suffix whose stem has measure > min; returns the word unchanged otherwise. */
function replaceSuffix(w: string, rules: ReadonlyArray<readonly [string, string]>, min: number): string {
  for (const [suffix, replacement] of rules) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    return measure(stem) > min ? stem + replacement : w;
  }
  return w;
}

const STEP2: ReadonlyArray<readonly [string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['abli', 'able'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
];

const STEP3: ReadonlyArray<readonly [string, string]> = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];

const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
];

/** Rules tried longest suffix first, as the paper's "longest match" asks. */
const byLength = <T extends readonly [string, string]>(rules: ReadonlyArray<T>) => [...rules].sort((a, b) => b[0].length - a[0].length);
const STEP2_SORTED = byLength(STEP2);
const STEP3_SORTED = byLength(STEP3);
const STEP4_SORTED = [...STEP4].sort((a, b) => b.length - a.length);

function step1(word: string): string {
  let w = word;
  // 1a: plurals.
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (!w.endsWith('ss') && w.endsWith('s')) w = w.slice(0, -1);
  // 1b: -eed, -ed, -ing.
  if (w.endsWith('eed')) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else {
    const suffix = w.endsWith('ed') ? 'ed' : w.endsWith('ing') ? 'ing' : null;
    if (suffix && hasVowel(w.slice(0, -suffix.length))) {
      w = w.slice(0, -suffix.length);
      if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
      // One departure from the paper: a three-letter stem keeps its double ("adding" and
      // "added" → "add", as "add" and "adds" are), where the paper's "ad" parted them from
      // the standards' "Add" ("hopping" → "hop" as before).
      else if (endsDoubleConsonant(w) && !/[lsz]$/.test(w) && w.length > 3) w = w.slice(0, -1);
      else if (measure(w) === 1 && endsCvc(w)) w += 'e';
    }
  }
  // 1c: a final y after a vowel-holding stem is i ("happy" → "happi").
  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) w = w.slice(0, -1) + 'i';
  return w;
}

function step4(w: string): string {
  for (const suffix of STEP4_SORTED) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    if (measure(stem) <= 1) return w;
    if (suffix === 'ion' && !/[st]$/.test(stem)) return w;
    return stem;
  }
  return w;
}

function step5(w: string): string {
  if (w.endsWith('e')) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) w = stem;
  }
  if (measure(w) > 1 && endsDoubleConsonant(w) && w.endsWith('l')) w = w.slice(0, -1);
  return w;
}

/** The stem of a lower-case word; words of one or two letters, and numbers, as they are. */
/**
 * Words the algorithm joins to another of a different meaning in mathematics: "meaning"
 * is not the statistical "mean" (a search for the mean found "meanings of the tens and
 * ones digits" third).
 */
const KEPT_APART: Readonly<Record<string, string>> = { meaning: 'meaning', meanings: 'meaning' };

export function stem(word: string): string {
  const kept = KEPT_APART[word];
  if (kept) return kept;
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  let w = step1(word);
  w = replaceSuffix(w, STEP2_SORTED, 0);
  w = replaceSuffix(w, STEP3_SORTED, 0);
  w = step4(w);
  return step5(w);
}
