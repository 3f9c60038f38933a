/**
 * Learning components (skills) and the `supports` relationships that tie each one to the
 * standards it is part of. Staged while the export is read; written once the items have
 * their place in the outline, so each standard's skills and each skill's standards are
 * one keyset range of an index.
 */
import type Database from 'better-sqlite3';
import type { LearningComponent } from '../../contract/learning-component-schemas';
import { isUuid, str, type NodeRecord } from './records';

export const LEARNING_COMPONENT = 'LearningComponent';
export const SUPPORTS = 'supports';

/** The API's LearningComponent, or the reason the node is left out. */
export function toLearningComponent(node: NodeRecord): LearningComponent | string {
  const p = node.properties;
  const identifier = str(p, 'identifier') ?? node.identifier;
  if (!isUuid(identifier)) return 'LearningComponent without a valid identifier';
  const description = str(p, 'description');
  if (description === null || description.trim() === '') return 'LearningComponent without a description';
  return {
    identifier: identifier.toLowerCase(),
    description,
    academicSubject: str(p, 'academicSubject'),
    inLanguage: str(p, 'inLanguage'),
    dateCreated: str(p, 'dateCreated'),
    dateModified: str(p, 'dateModified'),
    author: str(p, 'author') ?? '',
    provider: str(p, 'provider') ?? '',
    license: str(p, 'license') ?? '',
    attributionStatement: str(p, 'attributionStatement') ?? '',
  };
}

export const STAGE_TABLES = `
  CREATE TABLE stage.learning_components (graph_id TEXT PRIMARY KEY, identifier TEXT NOT NULL, description TEXT NOT NULL,
    academic_subject TEXT, json TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE stage.supports (lc TEXT NOT NULL, item TEXT NOT NULL);`;

/** Stages learning components and `supports` edges as the export is read. */
export function learningComponentStager(db: Database.Database) {
  const insertLc = db.prepare(`INSERT INTO stage.learning_components VALUES (?, ?, ?, ?, ?)`);
  const insertSupport = db.prepare(`INSERT INTO stage.supports VALUES (?, ?)`);
  const graphIds = new Set<string>();
  const identifiers = new Set<string>();
  return {
    /** Stages one node; returns why it was left out, or null. */
    node(node: NodeRecord): string | null {
      const lc = toLearningComponent(node);
      if (typeof lc === 'string') return lc;
      if (graphIds.has(node.identifier) || identifiers.has(lc.identifier)) return 'duplicate identifier';
      graphIds.add(node.identifier);
      identifiers.add(lc.identifier);
      insertLc.run(node.identifier, lc.identifier, lc.description, lc.academicSubject, JSON.stringify(lc));
      return null;
    },
    has: (graphId: string) => graphIds.has(graphId),
    get count() {
      return graphIds.size;
    },
    support(lcGraphId: string, itemGraphId: string) {
      insertSupport.run(lcGraphId, itemGraphId);
    },
  };
}

/**
 * Writes the skills (rowid in identifier order: the list operation's keyset), their
 * search index, and the `supports` pairs between skills and placed standards: each
 * standard's skills numbered in description order, an edge listed twice kept once.
 * Returns how many pairs were kept.
 */
export function writeLearningComponents(db: Database.Database): number {
  db.exec(`BEGIN;
    INSERT INTO learning_components (identifier, academic_subject, json)
      SELECT identifier, academic_subject, CAST(json AS BLOB) FROM stage.learning_components ORDER BY identifier;
    INSERT INTO learning_components_fts (rowid, description)
      SELECT l.rowid, s.description FROM stage.learning_components s JOIN learning_components l USING (identifier);
    INSERT INTO supports (item_seq, position, lc)
      SELECT item_seq, row_number() OVER (PARTITION BY item_seq ORDER BY description COLLATE NOCASE, lc) - 1, lc FROM (
        SELECT DISTINCT p.seq AS item_seq, l.rowid AS lc, s.description AS description
        FROM stage.supports r
        JOIN stage.learning_components s ON s.graph_id = r.lc
        JOIN learning_components l ON l.identifier = s.identifier
        JOIN stage.placement p ON p.graph_id = r.item);
    COMMIT;`);
  return db.prepare('SELECT count(*) FROM supports').pluck().get() as number;
}
