/**
 * Streams a Learning Commons export folder into the local API's database.
 * Builds into a temporary file and renames it into place at the end, so a failed
 * import never leaves a half-written database behind.
 */
import Database from 'better-sqlite3';
import { createReadStream, renameSync, rmSync, statSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { sortSiblings, type SortableItem } from '../../contract/natural-sort';
import { CREATE_INDEXES, CREATE_TABLES, SCHEMA_VERSION } from '../store/schema';
import { readLines } from './jsonl';
import { CONNECTION_LABELS, writeConnections } from './connections';
import { exportFilePaths, type DataSource } from './export-files';
import { ImportError } from './import-error';
import { LEARNING_COMPONENT, STAGE_TABLES, SUPPORTS, learningComponentStager, writeLearningComponents } from './learning-components';
import { gradeMask, isUuid, parseNodeLine, parseRelationshipLine, toFramework, toItem, type NodeRecord } from './records';

export interface ImportCounts {
  frameworks: number;
  items: number;
  hasChildEdges: number;
  learningComponents: number;
  /** `supports` pairs kept: a skill and a standard placed in a framework. */
  supportsEdges: number;
  /** Relationships between imported nodes, by kind. */
  relationships: Record<string, number>;
  skippedNodes: Record<string, number>;
  /** Nodes left out for a label the API does not serve (Course, Lesson …), by label. */
  skippedLabels: Record<string, number>;
  /** Relationships left out, by kind and reason. */
  skippedRelationships: Record<string, number>;
  /** Of those, the ones with an end that is in no line of nodes.jsonl. */
  danglingRelationships: number;
  /** Connection edges left out (no valid numbers, a standard linked to itself), by reason. */
  skippedConnections: Record<string, number>;
  itemsOutsideFrameworks: number;
  maxDepth: number;
  seconds: number;
}

interface Placed extends SortableItem {
  caseUuid: string;
}

interface Progress {
  (message: string): void;
}

/** How far an import is, 0–1 (reading the files is measured; later steps are fixed points). */
export type Fraction = (done: number) => void;

/** Imports the export in `source` into a new database at `dbPath` (replacing it only on success). */
export async function importExport(
  source: DataSource,
  dbPath: string,
  log: Progress = () => {},
  done: Fraction = () => {},
): Promise<ImportCounts> {
  const files = exportFilePaths(source);
  const started = performance.now();
  const dataHash = await contentHash([...files.nodes, ...files.relationships]);
  const tmpPath = `${dbPath}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const db = new Database(tmpPath);
  try {
    const counts = await build(db, files, dataHash, log, done);
    counts.seconds = (performance.now() - started) / 1000;
    db.close();
    renameSync(tmpPath, dbPath);
    return counts;
  } catch (e) {
    if (db.open) db.close();
    rmSync(tmpPath, { force: true });
    throw e;
  }
}

/**
 * What the data is, from its bytes alone (not its path, its mtime or the time of import):
 * every instance and machine importing the same export derives the same build id and
 * cursor key, so their ETags agree and their cursors are accepted by one another.
 */
export async function contentHash(paths: readonly string[]): Promise<string> {
  const all = createHash('sha256').update(`schema ${SCHEMA_VERSION}`);
  for (const path of paths) {
    const one = createHash('sha256');
    for await (const chunk of createReadStream(path)) one.update(chunk as Buffer);
    all.update(one.digest('hex'));
  }
  return all.digest('hex');
}

async function build(
  db: Database.Database,
  files: { nodes: string[]; relationships: string[] },
  dataHash: string,
  log: Progress,
  done: Fraction,
) {
  // Shares of the time each step took on the full-size export; several files share their step by size.
  const size = (f: string) => Math.max(1, statSync(f).size);
  const reading = (all: string[], file: string, from: number, to: number) => {
    const total = all.reduce((n, f) => n + size(f), 0);
    const before = all.slice(0, all.indexOf(file)).reduce((n, f) => n + size(f), 0);
    return (chars: number) => done(from + ((to - from) * Math.min(total, before + chars)) / total);
  };
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -200000');
  db.exec(CREATE_TABLES);
  // Staging rows live in a temporary database that SQLite deletes on close.
  db.exec(`ATTACH '' AS stage;
    CREATE TABLE stage.items (graph_id TEXT PRIMARY KEY, json TEXT NOT NULL, code TEXT, description TEXT, notes TEXT,
      grade_mask INTEGER, academic_subject TEXT, normalized_type TEXT, jurisdiction TEXT) WITHOUT ROWID;
    CREATE TABLE stage.relationships (label TEXT NOT NULL, source TEXT NOT NULL, target TEXT NOT NULL, properties TEXT NOT NULL);
    CREATE TABLE stage.placement (graph_id TEXT PRIMARY KEY, seq INTEGER, framework_rank INTEGER, depth INTEGER, has_children INTEGER) WITHOUT ROWID;
    ${STAGE_TABLES}`);

  const skipped: Record<string, number> = {};
  const skippedLabels: Record<string, number> = {};
  // Why each skipped node was skipped, so a relationship to it can say why it is left out.
  const skippedNodes = new Map<string, string>();
  // Counted by reason, or by label for labels the API does not serve (`counts`).
  const skip = (node: NodeRecord, reason: string, counts = skipped) => {
    counts[reason] = (counts[reason] ?? 0) + 1;
    if (!skippedNodes.has(node.identifier)) skippedNodes.set(node.identifier, node.label || '(no label)');
  };
  const items = new Map<string, Placed>();
  const frameworks = new Map<string, NodeRecord>();
  const caseUuids = new Set<string>();

  const skills = learningComponentStager(db);
  const insertItem = db.prepare(`INSERT INTO stage.items VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const file of files.nodes) {
    await inBatches(db, readLines(file), file, reading(files.nodes, file, 0, 0.3), ({ line }) => {
      const node = parseNodeLine(line);
      if (node.label === LEARNING_COMPONENT) {
        const reason = items.has(node.identifier) || frameworks.has(node.identifier) ? 'duplicate identifier' : skills.node(node);
        return void (reason !== null && skip(node, reason));
      }
      if (node.label !== 'StandardsFramework' && node.label !== 'StandardsFrameworkItem')
        return skip(node, node.label || '(none)', skippedLabels);
      if (skills.has(node.identifier)) return skip(node, 'duplicate identifier');
      const caseUuid = node.properties.caseIdentifierUUID;
      if (!isUuid(caseUuid)) return skip(node, `${node.label} without a valid caseIdentifierUUID`);
      if (items.has(node.identifier) || frameworks.has(node.identifier) || caseUuids.has(caseUuid))
        return skip(node, 'duplicate identifier');
      caseUuids.add(caseUuid);
      if (node.label === 'StandardsFramework') return void frameworks.set(node.identifier, node);
      const item = toItem(node, false);
      items.set(node.identifier, {
        caseUuid,
        statementCode: item.statementCode,
        gradeLevel: item.gradeLevel,
        description: item.description,
      });
      insertItem.run(
        node.identifier,
        JSON.stringify(item),
        item.statementCode,
        item.description,
        item.notes,
        gradeMask(item.gradeLevel),
        item.academicSubject,
        item.normalizedStatementType,
        item.jurisdiction,
      );
    });
  }
  log(`read ${frameworks.size} frameworks, ${items.size} items and ${skills.count} learning components`);

  const children = new Map<string, string[]>();
  const relationships: Record<string, number> = {};
  const leftOut: Record<string, number> = {};
  let dangling = 0;
  const leaveOut = (reason: string) => (leftOut[reason] = (leftOut[reason] ?? 0) + 1);
  // Only the kinds the connections operations read are kept (in the staging database):
  // the rest would be most of the file's size and nothing asks for them.
  const insertRel = db.prepare(`INSERT INTO stage.relationships VALUES (?, ?, ?, ?)`);
  for (const file of files.relationships) {
    await inBatches(db, readLines(file), file, reading(files.relationships, file, 0.3, 0.4), ({ line }) => {
      const rel = parseRelationshipLine(line);
      if (rel.label === SUPPORTS && skills.has(rel.source) && items.has(rel.target)) {
        relationships[rel.label] = (relationships[rel.label] ?? 0) + 1;
        return skills.support(rel.source, rel.target);
      }
      if (skills.has(rel.source) || skills.has(rel.target))
        return leaveOut(
          rel.label === SUPPORTS
            ? 'supports that does not lead from a learning component to a standard'
            : `${rel.label} to or from a LearningComponent, which the API does not serve`,
        );
      const known = (id: string) => items.has(id) || frameworks.has(id);
      if (!known(rel.source) || !known(rel.target)) {
        const ends = [rel.source, rel.target].filter((id) => !known(id));
        const label = ends.map((id) => skippedNodes.get(id)).find((l) => l !== undefined);
        if (label === undefined) {
          dangling++;
          return leaveOut(`${rel.label} whose source or target is not in nodes.jsonl`);
        }
        return leaveOut(
          label === 'StandardsFramework' || label === 'StandardsFrameworkItem' || label === LEARNING_COMPONENT
            ? `${rel.label} to or from a skipped ${label}`
            : `${rel.label} to or from a ${label} node, which the API does not serve`,
        );
      }
      if (rel.label === 'hasChild' && !items.has(rel.target)) return leaveOut('hasChild whose child is a framework');
      relationships[rel.label] = (relationships[rel.label] ?? 0) + 1;
      if (rel.label === 'hasChild') {
        const list = children.get(rel.source);
        if (list) list.push(rel.target);
        else children.set(rel.source, [rel.target]);
      } else if (CONNECTION_LABELS.has(rel.label)) insertRel.run(rel.label, rel.source, rel.target, JSON.stringify(rel.properties));
    });
  }
  log(`read ${Object.values(relationships).reduce((a, b) => a + b, 0)} relationships`);

  for (const [parent, list] of children) {
    const unique = [...new Set(list)]; // an edge listed twice is still one child
    // The whole sibling set at once: some rules read it as a whole (numbering across strands).
    children.set(
      parent,
      sortSiblings(unique.map((id) => ({ ...items.get(id)!, id }))).map((i) => i.id),
    );
  }
  const { maxDepth, outside } = placeItems(db, frameworks, items, children);
  log('placed every item in its framework’s outline');
  done(0.45);
  writeFinalTables(db);
  log('wrote the items and their search index');
  done(0.75);
  writeFrameworks(db, frameworks);
  writeEdges(db, frameworks, items, children);
  const skippedConnections = writeConnections(db);
  log('built the connections');
  const supportsEdges = writeLearningComponents(db);
  log('wrote the learning components and the standards they support');
  done(0.93);

  const dataDate = db.prepare(`SELECT max(json_extract(json, '$.dateModified')) AS d FROM stage.items`).get() as { d: string | null };
  const setMeta = db.prepare(`INSERT INTO meta VALUES (?, ?)`);
  for (const [k, v] of Object.entries({
    schemaVersion: String(SCHEMA_VERSION),
    buildId: dataHash.slice(0, 16),
    dataHash,
    // Derived from the data, so every instance signs alike; STANDARDS_CURSOR_KEY (read at
    // start, see local-api) makes cursors unforgeable by anyone who has the data too.
    cursorSecret: createHash('sha256').update(`cursor ${dataHash}`).digest('hex'),
    importedAt: new Date().toISOString(),
    dataDateModified: dataDate.d ?? '',
  }))
    setMeta.run(k, v);
  db.exec(CREATE_INDEXES);
  // After the indexes: each framework's digest reads its items, connections and skills
  // by index. Before them it scanned whole tables per framework (393 s on the full export).
  writeDataVersions(db);
  db.exec(`DETACH stage; ANALYZE;`);
  log('indexed');
  done(1);

  return {
    frameworks: frameworks.size,
    items: items.size,
    hasChildEdges: relationships.hasChild ?? 0,
    learningComponents: skills.count,
    supportsEdges,
    relationships,
    skippedNodes: skipped,
    skippedLabels,
    skippedRelationships: leftOut,
    danglingRelationships: dangling,
    skippedConnections,
    itemsOutsideFrameworks: outside,
    maxDepth,
    seconds: 0,
  } satisfies ImportCounts;
}

/** Runs `fn` on each line inside transactions of 10,000 rows, naming file and line on failure. */
async function inBatches<T extends { lineNumber: number; chars: number }>(
  db: Database.Database,
  lines: AsyncIterable<T>,
  file: string,
  progress: (chars: number) => void,
  fn: (entry: T) => void,
) {
  db.exec('BEGIN');
  let n = 0;
  try {
    for await (const entry of lines) {
      try {
        fn(entry);
      } catch (e) {
        throw new ImportError((e as Error).message, file, entry.lineNumber);
      }
      if (++n % 10_000 === 0) {
        db.exec('COMMIT; BEGIN');
        progress(entry.chars);
      }
    }
    db.exec('COMMIT');
  } catch (e) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw e;
  }
}

/** Depth-first walk of each framework (frameworks by name, siblings in natural order). */
function placeItems(
  db: Database.Database,
  frameworks: Map<string, NodeRecord>,
  items: Map<string, Placed>,
  children: Map<string, string[]>,
) {
  const insert = db.prepare(`INSERT INTO stage.placement VALUES (?, ?, ?, ?, ?)`);
  const placed = new Set<string>();
  let seq = 0;
  let maxDepth = 0;
  db.exec('BEGIN');
  sortedFrameworks(frameworks).forEach(([frameworkId], rank) => {
    // An explicit stack: real trees are 8 deep, but a bad export must not overflow ours.
    const stack: Array<[string, number]> = (children.get(frameworkId) ?? []).map((id) => [id, 1] as [string, number]).reverse();
    while (stack.length) {
      const [id, depth] = stack.pop()!;
      if (placed.has(id)) continue; // a second parent or a cycle: placed once, under the first
      placed.add(id);
      maxDepth = Math.max(maxDepth, depth);
      const kids = children.get(id) ?? [];
      insert.run(id, ++seq, rank, depth, kids.length > 0 ? 1 : 0);
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i]!, depth + 1]);
    }
  });
  let outside = 0;
  for (const id of items.keys()) {
    if (placed.has(id)) continue;
    outside++;
    insert.run(id, ++seq, null, null, (children.get(id)?.length ?? 0) > 0 ? 1 : 0);
  }
  db.exec('COMMIT');
  return { maxDepth, outside };
}

function sortedFrameworks(frameworks: Map<string, NodeRecord>) {
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return [...frameworks].sort(([, a], [, b]) => collator.compare(String(a.properties.name ?? ''), String(b.properties.name ?? '')));
}

function writeFinalTables(db: Database.Database) {
  // No merging while the index is built: one merge ('optimize') at the end costs less.
  db.exec(
    `INSERT INTO items_fts (items_fts, rank) VALUES ('automerge', 0); INSERT INTO items_fts (items_fts, rank) VALUES ('crisismerge', 64)`,
  );
  db.exec(`BEGIN;
    INSERT INTO items (seq, case_uuid, framework_rank, depth, code_lc, grade_mask, academic_subject, normalized_type, jurisdiction, json)
      SELECT p.seq, json_extract(s.json, '$.caseIdentifierUUID'), p.framework_rank, p.depth, lower(s.code), s.grade_mask,
             s.academic_subject, s.normalized_type, s.jurisdiction,
             CAST(CASE WHEN p.has_children THEN json_set(s.json, '$.hasChildren', json('true')) ELSE s.json END AS BLOB)
      FROM stage.items s JOIN stage.placement p USING (graph_id) ORDER BY p.seq;
    INSERT INTO items_fts (rowid, code, description, notes)
      SELECT p.seq, s.code, s.description, s.notes FROM stage.items s JOIN stage.placement p USING (graph_id);
    COMMIT;`);
  // One segment instead of thousands: a search reads each term's list once (~25 % faster
  // on the full export, for ~0.6 s here).
  db.exec(`INSERT INTO items_fts (items_fts) VALUES ('optimize')`);
}

function writeFrameworks(db: Database.Database, frameworks: Map<string, NodeRecord>) {
  const insert = db.prepare(`INSERT INTO frameworks VALUES (?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    sortedFrameworks(frameworks).forEach(([, node], rank) => {
      const f = toFramework(node);
      insert.run(
        rank,
        f.caseIdentifierUUID,
        f.jurisdiction,
        f.academicSubject,
        f.adoptionStatus,
        f.isCurrent ? 1 : 0,
        Buffer.from(JSON.stringify(f)),
      );
    });
  })();
}

/**
 * Each framework's `dataVersion` (an extension of its record): a digest of everything a
 * saved copy of it holds (its items in outline order, their connections, their skills),
 * so a device that saved it can tell with one small request whether the data changed
 * (decision 017). Made from the data alone: the same export gives the same versions.
 */
function writeDataVersions(db: Database.Database) {
  // Connections by the item asked about, for this pass only (the API reads them by operation first).
  db.exec(`CREATE INDEX connections_by_asked ON connections (asked, operation, position)`);
  const frameworks = db.prepare(`SELECT rank, json FROM frameworks`).all() as Array<{ rank: number; json: Buffer }>;
  const parts = [
    db.prepare(`SELECT json FROM items WHERE framework_rank = ? ORDER BY seq`).pluck(),
    db
      .prepare(
        `SELECT c.json FROM items i JOIN connections c ON c.asked = i.case_uuid
         WHERE i.framework_rank = ? ORDER BY i.seq, c.operation, c.position`,
      )
      .pluck(),
    db
      .prepare(
        `SELECT l.json FROM items i JOIN supports s ON s.item_seq = i.seq JOIN learning_components l ON l.rowid = s.lc
         WHERE i.framework_rank = ? ORDER BY i.seq, s.position`,
      )
      .pluck(),
  ];
  const update = db.prepare(`UPDATE frameworks SET json = ? WHERE rank = ?`);
  db.transaction(() => {
    for (const f of frameworks) {
      const hash = createHash('sha256');
      for (const part of parts) {
        for (const json of part.iterate(f.rank) as Iterable<Buffer>) hash.update(json).update('\n');
        hash.update('\u0000');
      }
      const record = { ...JSON.parse(f.json.toString()), dataVersion: hash.digest('hex').slice(0, 16) };
      update.run(Buffer.from(JSON.stringify(record)), f.rank);
    }
  })();
  db.exec(`DROP INDEX connections_by_asked`);
}

/** `edges.parent` is a CASE UUID (an item's or a framework's): what the API is asked with. */
function writeEdges(
  db: Database.Database,
  frameworks: Map<string, NodeRecord>,
  items: Map<string, Placed>,
  children: Map<string, string[]>,
) {
  const seqOf = db.prepare(`SELECT seq FROM stage.placement WHERE graph_id = ?`).pluck();
  const insert = db.prepare(`INSERT INTO edges VALUES (?, ?, ?)`);
  db.transaction(() => {
    for (const [parentId, kids] of children) {
      const parentUuid = items.get(parentId)?.caseUuid ?? String(frameworks.get(parentId)!.properties.caseIdentifierUUID);
      kids.forEach((kid, position) => insert.run(parentUuid, position, seqOf.get(kid) as number));
    }
  })();
}
