/**
 * What every read side of the database shares: prepared statements kept by their SQL,
 * and keyset pages.
 */
import type Database from 'better-sqlite3';

/** A page of rows: `key` is the keyset value a cursor resumes after. */
export interface Rows {
  rows: Array<{ key: number; json: Buffer }>;
  hasMore: boolean;
}

export class Queries {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(readonly db: Database.Database) {}

  protected stmt(sql: string) {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Fetches limit + 1 rows to learn whether another page exists without a count. */
  protected page<R extends { key: number } = { key: number; json: Buffer }>(sql: string, params: unknown[], limit: number) {
    const rows = this.stmt(sql).all(...params, limit + 1) as R[];
    const hasMore = rows.length > limit;
    if (hasMore) rows.pop();
    return { rows, hasMore };
  }
}

/**
 * Ranked hits scaled into a score band: the best at `top`, the rest by their share of
 * its rank (FTS5's bm25 is unbounded, so scores are relative to the best hit).
 */
export function scaled<H extends { rank: number }>(hits: H[], top: number, bottom: number) {
  return hits.map((h) => ({ ...h, score: Math.round((bottom + ((top - bottom) * h.rank) / (hits[0]!.rank || 1)) * 10_000) / 10_000 }));
}

/**
 * A search's two bands: hits holding every word from `top` down to 0.5, hits holding some
 * from 0.49 down, each scaled to its own best.
 */
export function banded<H extends { rank: number }>(every: H[], some: H[], top: number) {
  return [...scaled(every, top, 0.5), ...scaled(some, 0.49, 0.01)];
}
