/**
 * Read side of the imported database: every query the local API needs, as prepared
 * statements over pre-serialized JSON rows.
 */
import Database from 'better-sqlite3';

export interface ItemFilters {
  gradeMask: number;
  academicSubject?: string;
  normalizedStatementType?: string;
}

export interface SearchFilters extends ItemFilters {
  jurisdiction?: string;
}

export interface ConnectionFilters {
  jurisdiction?: string;
  minJaccardScore?: number;
}

export interface FrameworkFilters {
  jurisdiction?: string;
  academicSubject?: string;
  adoptionStatus?: string;
  includeNonCurrent: boolean;
}

/** A page of rows: `key` is the keyset value a cursor resumes after. */
export interface Rows {
  rows: Array<{ key: number; json: Buffer }>;
  hasMore: boolean;
}

export interface SearchRow {
  json: Buffer;
  score: number;
}

export class StandardsStore {
  readonly db: Database.Database;
  readonly meta: Record<string, string>;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(path: string) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
    this.db.pragma('cache_size = -64000');
    this.db.pragma('mmap_size = 268435456');
    const rows = this.db.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>;
    this.meta = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  close() {
    this.db.close();
  }

  private stmt(sql: string) {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Fetches limit + 1 rows to learn whether another page exists without a count. */
  private page(sql: string, params: unknown[], limit: number): Rows {
    const rows = this.stmt(sql).all(...params, limit + 1) as Array<{ key: number; json: Buffer }>;
    const hasMore = rows.length > limit;
    if (hasMore) rows.pop();
    return { rows, hasMore };
  }

  counts() {
    return this.stmt(`SELECT (SELECT count(*) FROM frameworks) AS frameworks, (SELECT count(*) FROM items) AS items`).get() as {
      frameworks: number;
      items: number;
    };
  }

  listFrameworks(f: FrameworkFilters, after: number, limit: number): Rows {
    const where = ['rank > ?'];
    const params: unknown[] = [after];
    if (!f.includeNonCurrent) where.push('is_current = 1');
    for (const [column, value] of [
      ['jurisdiction', f.jurisdiction],
      ['academic_subject', f.academicSubject],
      ['adoption_status', f.adoptionStatus],
    ] as const) {
      if (value !== undefined) {
        where.push(`${column} = ?`);
        params.push(value);
      }
    }
    return this.page(`SELECT rank AS key, json FROM frameworks WHERE ${where.join(' AND ')} ORDER BY rank LIMIT ?`, params, limit);
  }

  private itemFilterSql(f: ItemFilters, where: string[], params: unknown[], prefix = '') {
    if (f.gradeMask) {
      where.push(`(${prefix}grade_mask & ?) != 0`);
      params.push(f.gradeMask);
    }
    if (f.academicSubject !== undefined) {
      where.push(`${prefix}academic_subject = ?`);
      params.push(f.academicSubject);
    }
    if (f.normalizedStatementType !== undefined) {
      where.push(`${prefix}normalized_type = ?`);
      params.push(f.normalizedStatementType);
    }
  }

  /** Every item of a framework (all levels) in outline order; an unknown framework is an empty page. */
  listItems(frameworkUuid: string, f: ItemFilters, after: number, limit: number): Rows {
    const rank = this.frameworkRank(frameworkUuid);
    if (rank === undefined) return { rows: [], hasMore: false };
    const where = ['framework_rank = ?', 'seq > ?'];
    const params: unknown[] = [rank, after];
    this.itemFilterSql(f, where, params);
    return this.page(`SELECT seq AS key, json FROM items WHERE ${where.join(' AND ')} ORDER BY seq LIMIT ?`, params, limit);
  }

  getItem(uuid: string): Buffer | undefined {
    return this.stmt('SELECT json FROM items WHERE case_uuid = ?').pluck().get(uuid) as Buffer | undefined;
  }

  /** True when the UUID names an item or a framework (the children extension accepts both). */
  hasParent(uuid: string): boolean {
    return (
      this.stmt('SELECT 1 FROM items WHERE case_uuid = ? UNION ALL SELECT 1 FROM frameworks WHERE case_uuid = ? LIMIT 1')
        .pluck()
        .get(uuid, uuid) !== undefined
    );
  }

  children(parentUuid: string, after: number, limit: number): Rows {
    return this.page(
      `SELECT e.position AS key, i.json FROM edges e JOIN items i ON i.seq = e.child_seq
       WHERE e.parent = ? AND e.position > ? ORDER BY e.position LIMIT ?`,
      [parentUuid, after],
      limit,
    );
  }

  /**
   * The chain of parents from the framework's top level down to the item's parent
   * (empty for a top-level item); undefined when no item has that UUID. Where bad data
   * gives an item two parents, the one the outline places it under wins.
   */
  ancestors(uuid: string): Buffer[] | undefined {
    const item = this.stmt('SELECT seq FROM items WHERE case_uuid = ?').pluck().get(uuid) as number | undefined;
    if (item === undefined) return undefined;
    const parentOf = this.stmt(
      `SELECT p.seq AS seq, p.json AS json FROM edges e JOIN items p ON p.case_uuid = e.parent
       WHERE e.child_seq = ? ORDER BY p.seq < ? DESC, p.seq DESC LIMIT 1`,
    );
    const chain: Buffer[] = [];
    const seen = new Set<number>([item]);
    for (let seq = item; ;) {
      const parent = parentOf.get(seq, seq) as { seq: number; json: Buffer } | undefined;
      if (!parent || seen.has(parent.seq)) break; // reached the framework (not an item), or a cycle
      seen.add(parent.seq);
      chain.unshift(parent.json);
      seq = parent.seq;
    }
    return chain;
  }

  /** A page of a connections operation's answers for one standard (see import/connections). */
  connections(operation: string, asked: string, f: ConnectionFilters, after: number, limit: number): Rows {
    const where = ['operation = ?', 'asked = ?', 'position > ?'];
    const params: unknown[] = [operation, asked, after];
    connectionFilterSql(f, where, params, '');
    return this.page(`SELECT position AS key, json FROM connections WHERE ${where.join(' AND ')} ORDER BY position LIMIT ?`, params, limit);
  }

  /**
   * Extension: the connections of every standard of a framework (one operation's, or all
   * four), in outline order, each answer as its operation gives it plus the operation and
   * the framework's standard it belongs to. Keyset: the standard's place in the outline,
   * the operation and the answer's place in its list, in one integer.
   */
  frameworkConnections(frameworkUuid: string, operation: string | undefined, f: ConnectionFilters, after: number, limit: number): Rows {
    const rank = this.frameworkRank(frameworkUuid);
    if (rank === undefined) return { rows: [], hasMore: false };
    const key = `i.seq * 1000000 + (CASE c.operation WHEN 'crosswalks' THEN 0 WHEN 'prerequisites' THEN 1 WHEN 'builds-towards' THEN 2 ELSE 3 END) * 100000 + c.position`;
    const where = ['i.framework_rank = ?', `${key} > ?`];
    const params: unknown[] = [rank, after];
    if (operation !== undefined) {
      where.push('c.operation = ?');
      params.push(operation);
    }
    connectionFilterSql(f, where, params, 'c.');
    return this.page(
      `SELECT ${key} AS key,
              CAST(json_set(CAST(c.json AS TEXT), '$.standardCaseIdentifierUUID', c.asked, '$.operation', c.operation) AS BLOB) AS json
       FROM items i JOIN connections c ON c.asked = i.case_uuid
       WHERE ${where.join(' AND ')} ORDER BY key LIMIT ?`,
      params,
      limit,
    );
  }

  /** True when the UUID names a framework. */
  hasFramework(uuid: string): boolean {
    return this.frameworkRank(uuid) !== undefined;
  }

  private frameworkRank(uuid: string): number | undefined {
    return this.stmt('SELECT rank FROM frameworks WHERE case_uuid = ?').pluck().get(uuid) as number | undefined;
  }

  searchByCode(code: string, f: SearchFilters, limit: number): SearchRow[] {
    const where = ['code_lc = ?'];
    const params: unknown[] = [code.toLowerCase()];
    this.searchFilterSql(f, where, params, '');
    const rows = this.stmt(`SELECT json FROM items WHERE ${where.join(' AND ')} ORDER BY seq LIMIT ?`)
      .pluck()
      .all(...params, limit) as Buffer[];
    return rows.map((json) => ({ json, score: 1 }));
  }

  /**
   * Ranked word search. FTS5's bm25 is unbounded, so scores are scaled to the best
   * hit and capped below 1.0, which is reserved for an exact code match.
   */
  searchByWords(matchExpression: string, f: SearchFilters, limit: number): SearchRow[] {
    const where = ['items_fts MATCH ?'];
    const params: unknown[] = [matchExpression];
    this.searchFilterSql(f, where, params, 'i.');
    const rows = this.stmt(
      `SELECT i.json AS json, -bm25(items_fts, 4.0, 1.0, 0.5) AS rank FROM items_fts JOIN items i ON i.seq = items_fts.rowid
       WHERE ${where.join(' AND ')} ORDER BY rank DESC, i.seq LIMIT ?`,
    ).all(...params, limit) as Array<{ json: Buffer; rank: number }>;
    const best = rows[0]?.rank ?? 0;
    return rows.map((r) => ({ json: r.json, score: best > 0 ? Math.round((r.rank / best) * 0.99 * 10_000) / 10_000 : 0 }));
  }

  private searchFilterSql(f: SearchFilters, where: string[], params: unknown[], prefix: string) {
    this.itemFilterSql(f, where, params, prefix);
    if (f.jurisdiction !== undefined) {
      where.push(`${prefix}jurisdiction = ?`);
      params.push(f.jurisdiction);
    }
  }
}

/** The crosswalk filters (jurisdiction of the answer, minimum Jaccard) as SQL conditions. */
function connectionFilterSql(f: ConnectionFilters, where: string[], params: unknown[], prefix: string) {
  if (f.jurisdiction !== undefined) {
    where.push(`${prefix}jurisdiction = ?`);
    params.push(f.jurisdiction);
  }
  if (f.minJaccardScore !== undefined) {
    where.push(`${prefix}jaccard >= ?`);
    params.push(f.minJaccardScore);
  }
}
