/**
 * A typed search as the ranking and the marks read it: abbreviations spelled out ("2D",
 * "GCF"), everyday phrases read as the standards' words for them ("times tables",
 * "regrouping": the vocabulary file), then its words without the very common ones.
 */
import { readAsQuery } from './concepts';
import { STOP_WORDS, spelledOut, tokens, type Token } from './tokens';

/** The query's text as the ranking reads it. */
export const readQuery = (query: string) => readAsQuery(spelledOut(query));

/**
 * The words a query is ranked by: its words without the very common ones, unless it holds
 * nothing else.
 */
export function queryTokens(query: string): Token[] {
  const all = tokens(readQuery(query));
  const kept = all.filter((t) => !STOP_WORDS.has(t.word));
  return kept.length ? kept : all;
}
