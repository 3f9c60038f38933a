/**
 * A ranked result and the rank order: more of the query's words first, then the score,
 * then the outline.
 */

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

/** More words held first, then the higher score, then the earlier in the outline. */
export const byRank = (a: Ranked, b: Ranked) => b.words - a.words || b.score - a.score || a.doc - b.doc;

/**
 * The best `count` of the found, in rank order, without sorting them all: the count-th
 * best key (words held, then score) is found by a native sort of numbers, and only the
 * found at or above it are sorted by rank.
 */
export const bestOf = <R extends Ranked>(found: R[], count: number): R[] => bestBy(found, count, (r) => r.words * 1e9 + r.score, byRank);

/**
 * The best `count` of `found` in `order`, where a higher `key` is better and `order`
 * agrees with it: the count-th best key is found by a native sort of numbers, and only
 * the found at or above it are sorted by `order`.
 */
export function bestBy<T>(found: readonly T[], count: number, key: (t: T) => number, order: (a: T, b: T) => number): T[] {
  if (count <= 0) return [];
  if (found.length <= count) return [...found].sort(order);
  const keys = Float64Array.from(found, key).sort();
  const threshold = keys[keys.length - count]!;
  return found
    .filter((t) => key(t) >= threshold)
    .sort(order)
    .slice(0, count);
}

export function bitCount(n: number): number {
  let count = 0;
  for (let x = n; x; x &= x - 1) count++;
  return count;
}
