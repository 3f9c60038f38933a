/**
 * Read side of the learning components (skills): the list, one skill, a standard's
 * skills, a skill's standards, a framework's skills in a few pages, and word search over
 * their descriptions. The search index holds 25,000 short texts at the full export's
 * size, so it runs on the request thread: measured there, a search costs a median of
 * 0.02–2.8 ms and at most 7 ms ("number", "solve real world problems"), and answers are
 * kept by the response cache.
 */
import type Database from 'better-sqlite3';
import type { WordQuery } from '../search/word-query';
import type { StandardsItem } from '../../contract/schemas';
import { summaryOf } from '../../contract/summary';
import { Queries, banded, scaled, type Rows } from './queries';

/** A framework's skills are keyed by the standard's place in the outline and the skill's place in its list. */
const PER_STANDARD = 1_000_000;

export class LearningComponentsStore extends Queries {
  constructor(
    db: Database.Database,
    private readonly frameworkRank: (uuid: string) => number | undefined,
    /** The parents of the item at `seq`, top level first. */
    private readonly ancestorsOf: (seq: number) => Buffer[],
  ) {
    super(db);
  }

  /** Operation 10: one subject's skills in identifier order. */
  list(academicSubject: string, after: number, limit: number): Rows {
    return this.page(
      `SELECT rowid AS key, json FROM learning_components WHERE academic_subject = ? AND rowid > ? ORDER BY rowid LIMIT ?`,
      [academicSubject, after],
      limit,
    );
  }

  get(identifier: string): Buffer | undefined {
    return this.stmt('SELECT json FROM learning_components WHERE identifier = ?').pluck().get(identifier) as Buffer | undefined;
  }

  /** Operation 12: the skills of one standard, in description order. */
  ofStandard(caseUuid: string, after: number, limit: number): Rows {
    return this.page(
      `SELECT s.position AS key, l.json AS json FROM items i JOIN supports s ON s.item_seq = i.seq JOIN learning_components l ON l.rowid = s.lc
       WHERE i.case_uuid = ? AND s.position > ? ORDER BY s.position LIMIT ?`,
      [caseUuid, after],
      limit,
    );
  }

  /**
   * Extension: the standards a skill supports in every framework, in outline order
   * (framework by framework), as summaries with their grades, framework and `path` (the
   * codes or names of their parents, top first). The path tells apart the copies of one
   * standard a framework places in several courses (California's HSF-BF.A.1 sits in six).
   */
  standardsOf(identifier: string, after: number, limit: number): Rows {
    const { rows, hasMore } = this.page<{ key: number; json: Buffer; framework: string | null }>(
      `SELECT i.seq AS key, i.json AS json, f.case_uuid AS framework
       FROM learning_components l JOIN supports s ON s.lc = l.rowid JOIN items i ON i.seq = s.item_seq
       LEFT JOIN frameworks f ON f.rank = i.framework_rank
       WHERE l.identifier = ? AND i.seq > ? ORDER BY i.seq LIMIT ?`,
      [identifier, after],
      limit,
    );
    return {
      rows: rows.map((r) => {
        const item = JSON.parse(r.json.toString('utf8')) as StandardsItem;
        const path = this.ancestorsOf(r.key).map((a) => label(JSON.parse(a.toString('utf8')) as StandardsItem));
        return { key: r.key, json: supportedStandard(item, r.framework, path) };
      }),
      hasMore,
    };
  }

  /**
   * Extension: every (standard, skill) pair of a framework, in outline order, each the
   * skill with the standard's CASE UUID: a framework's skills in a few pages, for saving
   * it for offline use.
   */
  ofFramework(frameworkUuid: string, after: number, limit: number): Rows {
    const rank = this.frameworkRank(frameworkUuid);
    if (rank === undefined) return { rows: [], hasMore: false };
    const key = `i.seq * ${PER_STANDARD} + s.position`;
    return this.page(
      `SELECT ${key} AS key, CAST(json_set(CAST(l.json AS TEXT), '$.standardCaseIdentifierUUID', i.case_uuid) AS BLOB) AS json
       FROM items i JOIN supports s ON s.item_seq = i.seq JOIN learning_components l ON l.rowid = s.lc
       WHERE i.framework_rank = ? AND i.seq >= CAST(? AS INTEGER) AND ${key} > ? ORDER BY key LIMIT ?`,
      [rank, Math.floor(after / PER_STANDARD), after],
      limit,
    );
  }

  /**
   * Operation 13: skills ranked by how well their description matches the words (bm25),
   * those holding every word first (scores 0.5–1), then those holding some (below 0.5).
   * A query of only very common words is not ranked: the first matches, all 0.5.
   */
  search(query: WordQuery, academicSubject: string | undefined, limit: number): Array<{ json: Buffer; score: number }> {
    const subject = academicSubject === undefined ? '' : 'AND l.academic_subject = ?';
    const params = academicSubject === undefined ? [] : [academicSubject];
    const hits = (match: string, ranked: boolean, n: number) =>
      this.stmt(
        `SELECT f.rowid AS id, ${ranked ? '-bm25(learning_components_fts)' : '1'} AS rank FROM learning_components_fts f
         JOIN learning_components l ON l.rowid = f.rowid WHERE learning_components_fts MATCH ? ${subject}
         ORDER BY rank DESC, f.rowid LIMIT ?`,
      ).all(match, ...params, n) as Array<{ id: number; rank: number }>;
    let found: Array<{ id: number; score: number }>;
    if (query.common) found = hits(query.any, false, limit).map((h) => ({ id: h.id, score: 0.5 }));
    else {
      const best = query.all ? hits(query.all, true, limit) : [];
      const seen = new Set(best.map((h) => h.id));
      const some = best.length < limit ? hits(query.any, true, limit + best.length).filter((h) => !seen.has(h.id)) : [];
      found = query.all ? banded(best, some, 1) : scaled(some, 1, 0.01);
    }
    const json = this.stmt('SELECT json FROM learning_components WHERE rowid = ?').pluck();
    return found.slice(0, limit).map((h) => ({ json: json.get(h.id) as Buffer, score: h.score }));
  }
}

const label = (item: StandardsItem) => item.statementCode ?? item.description ?? '';

function supportedStandard(item: StandardsItem, framework: string | null, path: string[]): Buffer {
  return Buffer.from(JSON.stringify({ ...summaryOf(item), gradeLevel: item.gradeLevel, frameworkCaseIdentifierUUID: framework, path }));
}
