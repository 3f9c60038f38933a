/**
 * Read side of the imported database: every query the local API needs, as prepared
 * statements over pre-serialized JSON rows.
 */
import { COMMON_CORE_JURISDICTION, standardName, type Through } from '../../contract/derived/through-matches';
import { IDENTICAL_JACCARD } from '../../contract/alignment-strength';
import type { ExampleReason, RecognisedReason } from '../../contract/search/align';
import Database from 'better-sqlite3';
import type { WordQuery } from '../search/word-query';
import type { SkillText } from '../../contract/search/documents';
import { LearningComponentsStore } from './learning-components-store';
import { Queries, banded, scaled, type Rows } from './queries';

export type { Rows };

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

/** An item as the ranked search reads it (see searchableItems). */
export interface SearchableRow {
  seq: number;
  json: Buffer;
  gradeMask: number;
  type: string | null;
  subject: string | null;
  jurisdiction: string | null;
  parent: string | null;
}

/** Why a result matched, where the ranking knows (framework and jurisdiction searches). */
export interface SearchMatch {
  /** The skill whose words matched where the item's own text lacks them. */
  viaSkill?: SkillText;
  /** Other places of the same standard (same code and description) in the framework, folded into this result. */
  alsoAt?: string[];
  /** An alignment's why: the text's words the standard shares, most telling first. */
  words?: string[];
  /** An alignment's why: the standard's skills sharing words with the text. */
  skills?: SkillText[];
  /** An alignment's why: the concepts recognised in the text that the standard matched through. */
  recognised?: RecognisedReason[];
  /** An alignment's why: the standard's example nearest to the text ("like: …"). */
  example?: ExampleReason;
}

export interface SearchRow {
  json: Buffer;
  score: number;
  /** The item's place in the outline (search results of one framework are shown in it). */
  seq?: number;
  match?: SearchMatch;
}

/** Searches over at most this many items also rank items holding only some of the words. */
const FILL_SPAN = 25_000;

/**
 * At most this many hits are ranked. bm25 costs about half a microsecond per hit (it
 * reads each hit's size), so "number" across the full-size export (64,000 hits) took
 * ~30 ms of a search thread, and ten such searches at once queued to ~0.4 s. A word held
 * by more hits than this ranks nothing (most hold it once, in a short statement) and is
 * answered in outline order, as stop words are: every search costs a few ms at most.
 * In one framework this bounds only a word held by more than half of the largest one.
 */
export const RANK_LIMIT = 5_000;

interface Hit {
  seq: number;
  rank: number;
}

interface SearchScope {
  ranges: Array<[number, number]>;
  /** SQL conditions: the match, the run, then the filters the runs do not imply. */
  where: string[];
  filters: unknown[];
}

export class StandardsStore extends Queries {
  readonly meta: Record<string, string>;
  /** The learning components (skills) and the standards they support. */
  readonly skills: LearningComponentsStore;

  /** `rankLimit`: see RANK_LIMIT (tests lower it to reach the bound on small data). */
  constructor(
    path: string,
    private readonly rankLimit = RANK_LIMIT,
  ) {
    super(new Database(path, { readonly: true, fileMustExist: true }));
    this.db.pragma('cache_size = -64000');
    this.db.pragma('mmap_size = 268435456');
    const rows = this.db.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>;
    this.meta = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    this.skills = new LearningComponentsStore(
      this.db,
      (uuid) => this.frameworkRank(uuid),
      (seq) => this.ancestorsOf(seq),
    );
  }

  close() {
    this.db.close();
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

  /**
   * Extension: a framework's items in outline order, each with the CASE UUIDs of its
   * parents (the framework's for a top-level item) spliced into its JSON as
   * `parentCaseIdentifierUUIDs`: the whole tree in a few pages instead of one request per
   * parent.
   */
  outline(frameworkUuid: string, after: number, limit: number): Rows {
    const rank = this.frameworkRank(frameworkUuid);
    if (rank === undefined) return { rows: [], hasMore: false };
    const { rows, hasMore } = this.page<{ key: number; json: Buffer; parents: string }>(
      `SELECT i.seq AS key, i.json AS json, (SELECT json_group_array(e.parent) FROM edges e WHERE e.child_seq = i.seq) AS parents
       FROM items i WHERE i.framework_rank = ? AND i.seq > ? ORDER BY i.seq LIMIT ?`,
      [rank, after],
      limit,
    );
    return {
      rows: rows.map(({ key, json, parents }) => ({
        key,
        // The stored JSON is an object: its closing brace makes room for one more field.
        json: Buffer.concat([json.subarray(0, json.lastIndexOf(0x7d)), Buffer.from(`,"parentCaseIdentifierUUIDs":${parents}}`)]),
      })),
      hasMore,
    };
  }

  getFramework(uuid: string): Buffer | undefined {
    return this.stmt('SELECT json FROM frameworks WHERE case_uuid = ?').pluck().get(uuid) as Buffer | undefined;
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
    return item === undefined ? undefined : this.ancestorsOf(item);
  }

  /** The same chain for the item at `seq` (a query that already holds its place). */
  ancestorsOf(item: number): Buffer[] {
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
    return this.page(
      `SELECT position AS key, ${ANSWER_JSON} AS json FROM connections c WHERE ${where.join(' AND ')} ORDER BY position LIMIT ?`,
      params,
      limit,
    );
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
              CAST(json_set(CAST(${ANSWER_JSON} AS TEXT), '$.standardCaseIdentifierUUID', c.asked, '$.operation', c.operation) AS BLOB) AS json
       FROM items i JOIN connections c ON c.asked = i.case_uuid
       WHERE ${where.join(' AND ')} ORDER BY key LIMIT ?`,
      params,
      limit,
    );
  }

  /**
   * What the ranked search reads of one framework (server/search/framework-ranking.ts):
   * its items in outline order with the columns filters test and each item's first heading
   * (the parent earliest in the outline; none for the framework's top level), and
   * each item's skills in their order.
   */
  searchableItems(rank: number): { items: SearchableRow[]; skills: Array<SkillText & { seq: number }> } {
    const items = this.stmt(
      `SELECT i.seq, i.json, i.grade_mask AS gradeMask, i.normalized_type AS type, i.academic_subject AS subject, i.jurisdiction,
              (SELECT e.parent FROM edges e JOIN items p ON p.case_uuid = e.parent WHERE e.child_seq = i.seq ORDER BY p.seq LIMIT 1) AS parent
       FROM items i WHERE i.framework_rank = ? ORDER BY i.seq`,
    ).all(rank) as SearchableRow[];
    if (!items.length) return { items, skills: [] };
    const skills = this.stmt(
      `SELECT s.item_seq AS seq, l.identifier, coalesce(json_extract(l.json, '$.description'), '') AS description
       FROM supports s JOIN learning_components l ON l.rowid = s.lc
       WHERE s.item_seq BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER) ORDER BY s.item_seq, s.position`,
    ).all(items[0]!.seq, items.at(-1)!.seq) as Array<SkillText & { seq: number }>;
    return { items, skills: [...skills, ...this.skillsThroughMatches(rank)] };
  }

  /**
   * Each of a framework's standards' identical matches (crosswalks that rate the two
   * standards identical, Jaccard 1): the other standards' UUIDs, by the item's seq, in
   * answer order. The example bank reaches a state's copy of a standard through them.
   */
  identicalMatches(rank: number): Map<number, string[]> {
    const rows = this.stmt(
      `SELECT i.seq AS seq, json_extract(c.json, '$.caseIdentifierUUID') AS other
       FROM items i JOIN connections c ON c.asked = i.case_uuid AND ${IDENTICAL_CROSSWALK}
       WHERE i.framework_rank = ? ORDER BY i.seq, c.position`,
    ).all(rank) as Array<{ seq: number; other: string | null }>;
    const out = new Map<number, string[]>();
    for (const r of rows) if (r.other) out.set(r.seq, [...(out.get(r.seq) ?? []), r.other]);
    return out;
  }

  /**
   * The skills a framework's standards without their own have through the standards the
   * crosswalk rates identical (Jaccard 1), each skill once per standard: the rule of
   * contract/derived's skillsOf, in one query, so search and alignment reach a Common Core
   * standard through its skills as its details show them. Kept after the own skills;
   * the test over every standard holds the two to the same answer.
   */
  private skillsThroughMatches(rank: number): Array<SkillText & { seq: number }> {
    const rows = this.stmt(
      `SELECT i.seq AS seq, l.identifier, coalesce(json_extract(l.json, '$.description'), '') AS description,
              p.jurisdiction AS jurisdiction, json_extract(p.json, '$.statementCode') AS statementCode, p.case_uuid AS caseIdentifierUUID
       FROM items i
       JOIN connections c ON c.asked = i.case_uuid AND ${IDENTICAL_CROSSWALK}
       JOIN items p ON p.case_uuid = json_extract(c.json, '$.caseIdentifierUUID')
       JOIN supports s ON s.item_seq = p.seq
       JOIN learning_components l ON l.rowid = s.lc
       WHERE i.framework_rank = ? AND NOT EXISTS (SELECT 1 FROM supports own WHERE own.item_seq = i.seq)
       ORDER BY i.seq, c.position, s.position`,
    ).all(rank) as Array<SkillText & Through & { seq: number }>;
    const seen = new Set<string>();
    // Each derived skill says whose it is: the first standard it came through, as standardName names it.
    const throughOf = new Map<number, string>();
    const out: Array<SkillText & { seq: number }> = [];
    for (const r of rows) {
      const key = `${r.seq} ${r.identifier}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (!throughOf.has(r.seq)) throughOf.set(r.seq, standardName(r));
      out.push({ seq: r.seq, identifier: r.identifier, description: r.description, through: throughOf.get(r.seq)! });
    }
    return out;
  }

  /**
   * The frameworks a search looks in, by rank, with their item counts; undefined for the
   * whole export (no framework or jurisdiction named).
   */
  frameworksInScope(f: SearchFilters, frameworkUuid: string | undefined): Array<{ rank: number; items: number }> | undefined {
    const { byRank } = this.frameworkRanges();
    return this.ranksInScope(f, frameworkUuid)?.map((rank) => ({ rank, items: byRank.get(rank)![1] - byRank.get(rank)![0] + 1 }));
  }

  /**
   * The ranks of the frameworks with items that a search in one framework or one
   * jurisdiction looks in, in order: a framework whose items all have one jurisdiction
   * and subject is left out when they are not the ones asked for. Undefined for the whole
   * export.
   */
  private ranksInScope(f: SearchFilters, frameworkUuid: string | undefined): number[] | undefined {
    if (frameworkUuid === undefined && f.jurisdiction === undefined) return undefined;
    const { byRank, uniform } = this.frameworkRanges();
    const ranks = frameworkUuid !== undefined ? [this.frameworkRank(frameworkUuid)].filter((r) => r !== undefined) : [...byRank.keys()];
    return ranks
      .filter((r) => {
        const u = uniform.get(r);
        return (
          byRank.has(r) &&
          (!u ||
            ((f.jurisdiction === undefined || u.jurisdiction === f.jurisdiction) &&
              (f.academicSubject === undefined || u.subject === f.academicSubject)))
        );
      })
      .sort((a, b) => a - b);
  }

  /** True when the UUID names a framework. */
  hasFramework(uuid: string): boolean {
    return this.frameworkRank(uuid) !== undefined;
  }

  frameworkRank(uuid: string): number | undefined {
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
   * Ranked word search, inside the full-text index: only (seq, score) pairs are ranked
   * and sorted, and only the page of hits is joined to its JSON. Each framework's items
   * are one run of `seq` (the import places frameworks one after another), so a search in
   * one framework or jurisdiction asks the index for those runs only, and its cost
   * follows the framework's size rather than the export's. Hits holding every word come
   * first (scores above 0.5), then hits holding some; FTS5's bm25 is unbounded, so scores
   * are scaled to the best hit and stay below 1.0, which is reserved for a code match.
   */
  searchWords(query: WordQuery, f: SearchFilters, limit: number, frameworkUuid?: string): SearchRow[] {
    const scope = this.searchScope(f, frameworkUuid);
    if (query.common) {
      // Only very common words: every hit is as good as another, so the first in outline order.
      const seqs = this.hitsInOrder(query.any, scope, limit);
      return this.withJson(seqs.map((seq) => ({ seq, score: 0.5 })));
    }
    // Hits holding every word first, then hits holding some. Ranking the latter costs one
    // bm25 per item holding any word, so it is done where that is bounded: a framework, a
    // jurisdiction, a small export; across the full export only when no item holds all.
    const best = query.all ? this.rankedHits(query.all, scope, limit) : [];
    const span = scope.ranges.reduce((n, [lo, hi]) => n + hi - lo + 1, 0);
    const fill = best.length < limit && (best.length === 0 || span <= FILL_SPAN);
    const found = new Set(best.map((h) => h.seq));
    const some = fill ? this.rankedHits(query.any, scope, limit + best.length).filter((h) => !found.has(h.seq)) : [];
    const all = query.all ? banded(best, some, 0.99) : scaled(some, 0.99, 0.01);
    return this.withJson(all.slice(0, limit));
  }

  /**
   * The best `limit` hits in the scope. One query for all its runs: the index is asked
   * for the span from the first run's start to the last run's end (a prefix term's list
   * is merged once, not once per run), and a hit between runs is dropped before ranking.
   * More hits than the rank limit (counted first, without ranking: a walk of the term's
   * list, well under a millisecond) are not ranked: the first in outline order, all alike.
   */
  private rankedHits(match: string, scope: SearchScope, limit: number): Hit[] {
    if (!scope.ranges.length) return [];
    const { sql, params } = this.scopeSql(scope);
    const hits = this.stmt(`SELECT count(*) FROM (SELECT 1 FROM ${sql} LIMIT ?)`)
      .pluck()
      .get(match, ...params, this.rankLimit + 1) as number;
    if (hits > this.rankLimit) return this.hitsInOrder(match, scope, limit).map((seq) => ({ seq, rank: 1 }));
    return this.stmt(
      `SELECT items_fts.rowid AS seq, -bm25(items_fts, 4.0, 1.0, 0.5) AS rank FROM ${sql} ORDER BY rank DESC, seq LIMIT ?`,
    ).all(match, ...params, limit) as Hit[];
  }

  /** The first `limit` hits in outline order. */
  private hitsInOrder(match: string, scope: SearchScope, limit: number): number[] {
    if (!scope.ranges.length) return [];
    const { sql, params } = this.scopeSql(scope);
    return this.stmt(`SELECT items_fts.rowid FROM ${sql} ORDER BY items_fts.rowid LIMIT ?`)
      .pluck()
      .all(match, ...params, limit) as number[];
  }

  /** FROM … WHERE … for a scope; parameters after the match expression. */
  private scopeSql({ ranges, filters, where }: SearchScope) {
    const join = filters.length ? 'JOIN items i ON i.seq = items_fts.rowid' : '';
    const runs = ranges.length > 1 ? [`(${ranges.map(() => 'items_fts.rowid BETWEEN ? AND ?').join(' OR ')})`] : [];
    return {
      sql: `items_fts ${join} WHERE ${[...where, ...runs].join(' AND ')}`,
      params: [ranges[0]![0], ranges.at(-1)![1], ...filters, ...(ranges.length > 1 ? ranges.flat() : [])],
    };
  }

  /**
   * Where a search looks: runs of `seq` (one framework's, a jurisdiction's frameworks', or
   * all) and the filters the runs do not already imply. A framework whose items all have
   * one jurisdiction and subject implies both, so the usual search (a jurisdiction and a
   * subject) never joins the items table per hit.
   */
  private searchScope(f: SearchFilters, frameworkUuid: string | undefined): SearchScope {
    const { byRank, uniform, all } = this.frameworkRanges();
    const candidates = this.ranksInScope(f, frameworkUuid);
    const ranges: Array<[number, number]> = candidates ? candidates.map((r) => byRank.get(r)!) : [all];
    const implied = candidates !== undefined && candidates.every((r) => uniform.has(r));
    // CAST: the driver binds every JS number as a REAL, and FTS5 uses a rowid bound only
    // when it is an INTEGER; bound as REAL, each search walked the word's whole list
    // across the export (2.3 ms instead of 0.09 ms to count "number" in one framework).
    const where = ['items_fts MATCH ?', 'items_fts.rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)'];
    const filters: unknown[] = [];
    this.searchFilterSql(implied ? { ...f, jurisdiction: undefined, academicSubject: undefined } : f, where, filters, 'i.');
    return { ranges: ranges.sort((a, b) => a[0] - b[0]), where, filters };
  }

  private ranges?: {
    byRank: Map<number, [number, number]>;
    uniform: Map<number, { jurisdiction: string | null; subject: string | null }>;
    all: [number, number];
  };

  /** Each framework's run of `seq`, the frameworks whose items share one jurisdiction and subject, and every item's span. */
  private frameworkRanges() {
    if (this.ranges) return this.ranges;
    const rows = this.db
      .prepare(
        `SELECT framework_rank AS rank, min(seq) AS lo, max(seq) AS hi, count(DISTINCT coalesce(jurisdiction, '')) AS j,
                count(DISTINCT coalesce(academic_subject, '')) AS s, min(jurisdiction) AS jurisdiction, min(academic_subject) AS subject
         FROM items WHERE framework_rank IS NOT NULL GROUP BY framework_rank`,
      )
      .all() as Array<{ rank: number; lo: number; hi: number; j: number; s: number; jurisdiction: string | null; subject: string | null }>;
    const all = this.db.prepare('SELECT coalesce(min(seq), 0) AS lo, coalesce(max(seq), 0) AS hi FROM items').get() as {
      lo: number;
      hi: number;
    };
    const byRank = new Map<number, [number, number]>();
    const uniform = new Map<number, { jurisdiction: string | null; subject: string | null }>();
    for (const r of rows) {
      byRank.set(r.rank, [r.lo, r.hi]);
      if (r.j === 1 && r.s === 1) uniform.set(r.rank, { jurisdiction: r.jurisdiction, subject: r.subject });
    }
    return (this.ranges = { byRank, uniform, all: [all.lo, all.hi] as [number, number] });
  }

  /** Hits with their items' JSON, in the order given. */
  withJson(hits: Array<{ seq: number; score: number }>): SearchRow[] {
    const json = this.stmt('SELECT json FROM items WHERE seq = ?').pluck();
    return hits.map((h) => ({ json: json.get(h.seq) as Buffer, score: h.score, seq: h.seq }));
  }

  /**
   * Extension: items of one framework whose code starts with `prefix` (case-insensitive),
   * in outline order, the exact code first. An indexed range scan, not a download of the
   * framework.
   */
  codePrefix(frameworkUuid: string, prefix: string, f: ItemFilters, limit: number): SearchRow[] {
    const rank = this.frameworkRank(frameworkUuid);
    if (rank === undefined) return [];
    const lower = prefix.toLowerCase();
    const where = ['framework_rank = ?', 'code_lc >= ?', 'code_lc < ?'];
    const params: unknown[] = [rank, lower, lower + '\uffff'];
    this.itemFilterSql(f, where, params);
    const rows = this.stmt(`SELECT seq FROM items WHERE ${where.join(' AND ')} ORDER BY code_lc = ? DESC, seq LIMIT ?`)
      .pluck()
      .all(...params, lower, limit) as number[];
    return this.withJson(rows.map((seq) => ({ seq, score: 1 })));
  }

  private searchFilterSql(f: SearchFilters, where: string[], params: unknown[], prefix: string) {
    this.itemFilterSql(f, where, params, prefix);
    if (f.jurisdiction !== undefined) {
      where.push(`${prefix}jurisdiction = ?`);
      params.push(f.jurisdiction);
    }
  }
}

/** A connections row `c` that is a crosswalk rating the two standards identical (contract's isIdentical). */
const IDENTICAL_CROSSWALK = `c.operation = 'crosswalks' AND c.jaccard >= ${IDENTICAL_JACCARD}`;

/** The crosswalk filters (jurisdiction of the answer, minimum Jaccard) as SQL conditions. */
/**
 * A connections answer (row `c`) as the API gives it: a crosswalk with the documented
 * extension `stateLCListed`, how many skills the data lists for its state side (the
 * standard asked about, or the one answered where that is Common Core's), so every
 * client states the evidence as contract/derived's crosswalkEvidence does.
 */
const ANSWER_JSON = `CASE WHEN c.operation = 'crosswalks' THEN CAST(json_set(CAST(c.json AS TEXT), '$.stateLCListed',
    (SELECT count(*) FROM supports s JOIN items p ON p.seq = s.item_seq
     WHERE p.case_uuid = CASE WHEN c.jurisdiction = '${COMMON_CORE_JURISDICTION}' THEN c.asked ELSE json_extract(c.json, '$.caseIdentifierUUID') END)
  ) AS BLOB) ELSE c.json END`;

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
