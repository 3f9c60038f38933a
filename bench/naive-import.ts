/**
 * The import's reference, run in the same bench on the same disk: the least any import of
 * the export into SQLite does. Each line of nodes.jsonl and relationships.jsonl read (by
 * the importer's own reader) and parsed, each node stored by its identifier and each
 * relationship as a row, in one transaction, the journal off. No ordering, no outline, no
 * search index, no connections: what the real import does beyond this is its own cost.
 *
 * Run as a script: `tsx bench/naive-import.ts EXPORT_DIR DATABASE_FILE`.
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { readLines } from '../server/import/jsonl';

export async function naiveImport(dir: string, file: string) {
  rmSync(file, { force: true });
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.exec(`CREATE TABLE nodes (identifier TEXT PRIMARY KEY, json TEXT NOT NULL);
    CREATE TABLE relationships (source TEXT, target TEXT, label TEXT, json TEXT NOT NULL);
    BEGIN`);
  const node = db.prepare('INSERT OR REPLACE INTO nodes VALUES (?, ?)');
  const relationship = db.prepare('INSERT INTO relationships VALUES (?, ?, ?, ?)');
  for await (const { line } of readLines(join(dir, 'nodes.jsonl'))) {
    const n = JSON.parse(line) as { identifier: string };
    node.run(n.identifier, line);
  }
  for await (const { line } of readLines(join(dir, 'relationships.jsonl'))) {
    const r = JSON.parse(line) as { source_identifier?: string; target_identifier?: string; label?: string };
    relationship.run(r.source_identifier ?? null, r.target_identifier ?? null, r.label ?? null, line);
  }
  db.exec('COMMIT');
  db.close();
  rmSync(file, { force: true });
}

if (process.argv[1] === import.meta.filename) await naiveImport(process.argv[2]!, process.argv[3]!);
