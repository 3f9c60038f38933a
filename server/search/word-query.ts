/**
 * What a word search asks the full-text index (the whole export's search; frameworks and
 * jurisdictions are ranked by contract/search). Words that nearly every standard holds
 * ("the", "and", "of") rank nothing and cost the most (they match half the export), so
 * they are dropped when other words remain; a query of only such words is answered
 * without ranking (see StandardsStore.searchWords). The list is the shared ranking's.
 */
import { readQuery } from '../../contract/search/query';
import { STOP_WORDS, alsoMeantWords } from '../../contract/search/tokens';

export interface WordQuery {
  /** FTS5 expression matching every word (best hits), or null for one word. */
  all: string | null;
  /** FTS5 expression matching any word. */
  any: string;
  /** True when every word was a stop word: matched exactly, not ranked. */
  common: boolean;
}

/**
 * Each word quoted (no operator injection). The index stems words ("fractions" and
 * "fraction" are one term), so only the last word, which may be half typed, also
 * matches as a prefix when it has 3+ letters.
 */
export function wordQuery(words: string[]): WordQuery {
  const unique = [...new Set(words.map((w) => w.toLowerCase()))];
  const kept = unique.filter((w) => !STOP_WORDS.has(w));
  if (kept.length === 0) return { all: null, any: unique.map((w) => `"${w}"`).join(' OR '), common: true };
  const typing = words.at(-1)!.toLowerCase();
  const terms = kept.map((w) => {
    const own = w === typing && w.length >= 3 ? `"${w}"*` : `"${w}"`;
    // A classroom word also finds the standards' words for it ("facts": "memory").
    const meant = alsoMeantWords(w);
    return meant.length ? `(${[own, ...meant.map((m) => `"${m}"`)].join(' OR ')})` : own;
  });
  return { all: terms.length > 1 ? terms.join(' AND ') : null, any: terms.join(' OR '), common: false };
}

/** Words of a query as the API reads them: letters and digits, at most 32. */
export function queryWordsOf(text: string): string[] {
  return (readQuery(text).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 32);
}
