import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DATA, SAMPLE_DATA } from '../config';
import { ensureDatabase } from './database-cache';
import { importExport } from './importer';
import { gradeMask, parseGradeLevel } from './records';
import { StandardsStore } from '../store/standards-store';

const dirs: string[] = [];
function tempDir() {
  const d = mkdtempSync(join(tmpdir(), 'standards-import-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A copy of the sample export that a test may change. */
function sampleCopy() {
  const dir = tempDir();
  cpSync(SAMPLE_DATA, dir, { recursive: true });
  return dir;
}

describe('importExport', () => {
  it('imports the sample and reports counts', async () => {
    const dir = sampleCopy();
    const counts = await importExport(dir, join(dir, 'db.sqlite'));
    expect(counts).toMatchObject({
      frameworks: 2,
      items: 66,
      hasChildEdges: 66,
      danglingRelationships: 0,
      itemsOutsideFrameworks: 0,
      maxDepth: 6,
    });
    expect(counts.relationships).toEqual({ hasChild: 66, buildsTowards: 2, relatesTo: 1 });
  });

  it('stops at a malformed line, naming file and line, and leaves no database behind', async () => {
    const dir = sampleCopy();
    appendFileSync(join(dir, 'relationships.jsonl'), '{"type":"relationship", "identifier": \n');
    const lines = (await import('node:fs')).readFileSync(join(dir, 'relationships.jsonl'), 'utf8').trimEnd().split('\n').length;
    const db = join(dir, 'db.sqlite');
    await expect(importExport(dir, db)).rejects.toThrow(new RegExp(`relationships\\.jsonl:${lines}: not valid JSON`));
    expect(readdirSync(dir).filter((f) => f.includes('sqlite'))).toEqual([]);
  });

  it('rejects a line of the wrong record type', async () => {
    const dir = sampleCopy();
    writeFileSync(join(dir, 'nodes.jsonl'), '{"type":"relationship","identifier":"x"}\n');
    await expect(importExport(dir, join(dir, 'db.sqlite'))).rejects.toThrow(/nodes\.jsonl:1: expected "type": "node"/);
  });

  it('names a missing file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'nodes.jsonl'), '');
    await expect(importExport(dir, join(dir, 'db.sqlite'))).rejects.toThrow(/missing .*relationships\.jsonl/);
    expect(existsSync(join(dir, 'db.sqlite'))).toBe(false);
  });

  it('keeps unknown labels and items without a CASE UUID out without failing', async () => {
    const dir = sampleCopy();
    appendFileSync(
      join(dir, 'nodes.jsonl'),
      [
        JSON.stringify({ type: 'node', identifier: 'lc-1', labels: ['LearningComponent'], properties: { description: 'x' } }),
        JSON.stringify({ type: 'node', identifier: 'course-1', labels: ['Course'], properties: { description: 'x' } }),
        JSON.stringify({ type: 'node', identifier: 'bad-1', labels: ['StandardsFrameworkItem'], properties: { description: 'no uuid' } }),
      ].join('\n') + '\n',
    );
    appendFileSync(
      join(dir, 'relationships.jsonl'),
      JSON.stringify({
        type: 'relationship',
        identifier: 'r1',
        label: 'supports',
        properties: {},
        source_identifier: 'lc-1',
        target_identifier: 'nowhere',
      }) +
        '\n' +
        JSON.stringify({
          type: 'relationship',
          identifier: 'r2',
          label: 'buildsTowards',
          properties: {},
          source_identifier: 'nowhere',
          target_identifier: 'bad-1',
        }) +
        '\n',
    );
    const counts = await importExport(dir, join(dir, 'db.sqlite'));
    expect(counts.items).toBe(66);
    expect(counts.skippedNodes).toEqual({
      'LearningComponent without a valid identifier': 1,
      'StandardsFrameworkItem without a valid caseIdentifierUUID': 1,
    });
    expect(counts.skippedLabels).toEqual({ Course: 1 });
    // Not "dangling": its source is a node the API does not serve.
    expect(counts.skippedRelationships).toEqual({
      'supports to or from a skipped LearningComponent': 1,
      'buildsTowards to or from a skipped StandardsFrameworkItem': 1,
    });
    expect(counts.danglingRelationships).toBe(0);
  });
});

describe('connections at import', () => {
  it('keeps out alignments without valid numbers and links of a standard to itself, says so, and answers each link once', async () => {
    const dir = sampleCopy();
    const rels = readFileSync(join(dir, 'relationships.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const builds = rels.find((r) => r.label === 'buildsTowards');
    const [a, b] = [builds.source_identifier, builds.target_identifier];
    const edge = (id: string, label: string, from: string, to: string, properties: Record<string, string> = {}) =>
      JSON.stringify({ type: 'relationship', identifier: id, label, properties, source_identifier: from, target_identifier: to });
    appendFileSync(
      join(dir, 'relationships.jsonl'),
      [
        edge('x1', 'hasStandardAlignment', a, b, { jaccard: 'NaN', stateLCCount: '1', ccssLCCount: '1', sharedLCCount: '1' }),
        edge('x2', 'hasStandardAlignment', a, b, { jaccard: '1.5', stateLCCount: '1', ccssLCCount: '1', sharedLCCount: '1' }),
        edge('x3', 'hasStandardAlignment', a, b, { jaccard: '0.5', stateLCCount: '-1', ccssLCCount: '1', sharedLCCount: '1' }),
        edge('x4', 'buildsTowards', a, a),
        edge('x5', 'buildsTowards', a, b), // the sample's edge once more
        edge('x6', 'hasStandardAlignment', a, b, { jaccard: '0.5', stateLCCount: '2', ccssLCCount: '1', sharedLCCount: '1' }),
      ].join('\n') + '\n',
    );
    const db = join(dir, 'db.sqlite');
    const counts = await importExport(dir, db);
    expect(counts.skippedConnections).toEqual({
      'hasStandardAlignment without valid jaccard and learning-component counts': 3,
      'buildsTowards from a standard to itself': 1,
    });
    const store = new StandardsStore(db);
    try {
      const nodes = readFileSync(join(dir, 'nodes.jsonl'), 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
      const uuid = (graphId: string) => nodes.find((n) => n.identifier === graphId).properties.caseIdentifierUUID as string;
      const answers = (op: string, id: string) => store.connections(op, id, {}, -1, 100).rows.map((r) => JSON.parse(r.json.toString()));
      expect(answers('builds-towards', uuid(a)).map((x) => x.caseIdentifierUUID)).toEqual([uuid(b)]);
      expect(answers('crosswalks', uuid(b))).toMatchObject([{ caseIdentifierUUID: uuid(a), jaccard: 0.5, stateLCCount: 2 }]);
    } finally {
      store.close();
    }
  });
});

describe('ensureDatabase', () => {
  it('reuses the database while the inputs are unchanged and rebuilds when they change', async () => {
    const dir = sampleCopy();
    // Nodes of labels the API does not serve are named by label, with counts, most first.
    for (const [i, label] of ['Course', 'Lesson', 'Course'].entries())
      appendFileSync(
        join(dir, 'nodes.jsonl'),
        JSON.stringify({ type: 'node', identifier: `other-${i}`, labels: [label], properties: {} }) + '\n',
      );
    const cache = tempDir();
    const first = await ensureDatabase(dir, cache);
    expect(first.counts).toBeDefined();
    expect(first.summary).toContain(
      'Node labels left out (the API serves frameworks, their items and learning components): 2 Course, 1 Lesson.',
    );
    const second = await ensureDatabase(dir, cache);
    expect(second.counts).toBeUndefined();
    expect(second.path).toBe(first.path);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'nodes.jsonl'), later, later);
    const third = await ensureDatabase(dir, cache);
    expect(third.counts).toBeDefined();
    expect(third.path).not.toBe(first.path);
    const name = third.path.split('/').pop()!;
    // The older import and its summary are gone; the new one and its summary stay.
    expect(readdirSync(cache).sort()).toEqual([name, `${name}.summary.json`]);
    const store = new StandardsStore(third.path);
    expect(store.counts()).toEqual({ frameworks: 2, items: 66 });
    store.close();
  });
});

describe('records', () => {
  it('parses JSON-encoded grade lists and drops unknown grades', () => {
    expect(parseGradeLevel('["9","10","11","12"]')).toEqual(['9', '10', '11', '12']);
    expect(parseGradeLevel(['K', 'k', '13'])).toEqual(['K']);
    expect(parseGradeLevel('K, 1')).toEqual(['K', '1']);
    expect(parseGradeLevel('[]')).toBeNull();
    expect(parseGradeLevel(undefined)).toBeNull();
  });
  it('maps grades to bits so any-of filters are one AND', () => {
    expect(gradeMask(['PK'])).toBe(1);
    expect(gradeMask(['K', '1'])).toBe(0b110);
    expect(gradeMask(null)).toBe(0);
  });
});

describe('what npm start says about an import', () => {
  it('names skipped nodes and relationships, on the import and on every reuse', async () => {
    const dir = sampleCopy();
    appendFileSync(
      join(dir, 'nodes.jsonl'),
      JSON.stringify({ type: 'node', identifier: 'lc-1', labels: ['LearningComponent'], properties: { description: 'x' } }) + '\n',
    );
    appendFileSync(
      join(dir, 'relationships.jsonl'),
      JSON.stringify({
        type: 'relationship',
        identifier: 'rel-x',
        label: 'supports',
        properties: {},
        source_identifier: 'lc-1',
        source_labels: ['LearningComponent'],
        target_identifier: 'missing',
        target_labels: ['StandardsFrameworkItem'],
      }) + '\n',
    );
    // Nodes of labels the API does not serve are named by label, with counts, most first.
    for (const [i, label] of ['Course', 'Lesson', 'Course'].entries())
      appendFileSync(
        join(dir, 'nodes.jsonl'),
        JSON.stringify({ type: 'node', identifier: `other-${i}`, labels: [label], properties: {} }) + '\n',
      );
    const cache = tempDir();
    const first = await ensureDatabase(dir, cache);
    expect(first.counts).toBeDefined();
    expect(first.summary).toContain(
      'Node labels left out (the API serves frameworks, their items and learning components): 2 Course, 1 Lesson.',
    );
    expect(first.summary!.join('\n')).toMatch(/Skipped 1 node\(s\): .*LearningComponent/);
    expect(first.summary).toContain('Left out 1 relationship(s): supports to or from a skipped LearningComponent.');
    expect(first.summary).toContain('Other relationships: 2 buildsTowards, 1 relatesTo.');
    const again = await ensureDatabase(dir, cache);
    expect(again.counts).toBeUndefined();
    expect(again.summary).toEqual(first.summary);
  });
});

describe('data versions', () => {
  /** Each framework's dataVersion, by name, from a database imported from `dirs`. */
  async function versions(dirs: string[]) {
    const db = join(tempDir(), 'db.sqlite');
    await importExport(dirs, db);
    const Database = (await import('better-sqlite3')).default;
    const conn = new Database(db, { readonly: true });
    const rows = conn.prepare(`SELECT json FROM frameworks`).pluck().all() as Buffer[];
    conn.close();
    return Object.fromEntries(
      rows.map((r) => JSON.parse(r.toString()) as { name: string; dataVersion: string }).map((f) => [f.name, f.dataVersion]),
    );
  }

  it('are the same for the same data, and change for the frameworks whose data changed', async () => {
    const first = await versions([...DEFAULT_DATA]);
    expect(Object.values(first).every((v) => /^[0-9a-f]{16}$/.test(v))).toBe(true);
    expect(await versions([...DEFAULT_DATA])).toEqual(first);

    // A corrected crosswalk changes both sides it connects.
    const copy = tempDir();
    cpSync(DEFAULT_DATA[0], copy, { recursive: true });
    const rels = readFileSync(join(copy, 'relationships.jsonl'), 'utf8');
    const corrected = rels.replace(/("label":"hasStandardAlignment".*?"jaccard":)"1\.0"/, '$1"0.5"');
    expect(corrected).not.toBe(rels);
    writeFileSync(join(copy, 'relationships.jsonl'), corrected);
    const afterCrosswalk = await versions([copy, DEFAULT_DATA[1]]);
    for (const name of Object.keys(first)) expect(afterCrosswalk[name]).not.toBe(first[name]);

    // A corrected California skill link changes California alone.
    const skills = tempDir();
    cpSync(DEFAULT_DATA[1], skills, { recursive: true });
    const links = readFileSync(join(skills, 'relationships.jsonl'), 'utf8').trimEnd().split('\n');
    writeFileSync(join(skills, 'relationships.jsonl'), links.slice(1).join('\n') + '\n');
    const afterSkill = await versions([DEFAULT_DATA[0], skills]);
    const changed = Object.keys(first).filter((name) => afterSkill[name] !== first[name]);
    expect(changed).toEqual([expect.stringContaining('California')]);
  }, 60_000);
});
