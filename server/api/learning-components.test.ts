/**
 * Learning components (operations 10–13 and the local extensions) against the project's
 * real California skills data, read independently of the importer as the expected answer.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  frameworkLearningComponentSchema,
  learningComponentHitSchema,
  learningComponentSchema,
  supportedStandardSchema,
} from '../../contract/learning-component-schemas';
import { apiErrorBodySchema, pageSchema } from '../../contract/schemas';
import { DEFAULT_DATA, REAL_SKILLS } from '../config';
import { importExport } from '../import/importer';
import { CA_MATH, CC_MATH, REAL_DATA, openApi } from '../test-support/real-api';

const lines = (dir: string, f: string) =>
  readFileSync(join(dir, f), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

/** The skills data as the files say it: each standard's skills and each skill's standards, by CASE UUID and identifier. */
function expected() {
  const items = new Map<string, { caseUuid: string; framework?: string }>();
  for (const n of lines(REAL_DATA, 'nodes.jsonl'))
    if (n.labels[0] === 'StandardsFrameworkItem') items.set(n.identifier, { caseUuid: n.properties.caseIdentifierUUID });
  const skills = new Map<string, Record<string, unknown>>(
    lines(REAL_SKILLS, 'nodes.jsonl').map((n) => [n.properties.identifier, n.properties]),
  );
  const ofStandard = new Map<string, Set<string>>();
  const ofSkill = new Map<string, Set<string>>();
  for (const r of lines(REAL_SKILLS, 'relationships.jsonl')) {
    expect(r.label).toBe('supports');
    const standard = items.get(r.target_identifier)!.caseUuid;
    ofStandard.set(standard, (ofStandard.get(standard) ?? new Set()).add(r.source_identifier));
    ofSkill.set(r.source_identifier, (ofSkill.get(r.source_identifier) ?? new Set()).add(standard));
  }
  return { items, skills, ofStandard, ofSkill };
}

let api: Awaited<ReturnType<typeof openApi>>;
let data: ReturnType<typeof expected>;
beforeAll(async () => {
  api = await openApi(DEFAULT_DATA);
  data = expected();
});

const page = pageSchema(learningComponentSchema);
async function walk(url: string) {
  const rows: any[] = [];
  let cursor: string | null = null;
  do {
    const r = await api.get(cursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : url);
    expect(r.status, r.text).toBe(200);
    rows.push(...r.body.data);
    cursor = r.body.pagination.nextCursor;
  } while (cursor);
  return rows;
}

describe('the skills data the project carries', () => {
  it('is the unchanged copy (SHA-256 as recorded in data/learning-components/README.md): 1,789 skills, 3,818 supports links', () => {
    const readme = readFileSync(join(REAL_SKILLS, 'README.md'), 'utf8');
    for (const f of ['nodes.jsonl', 'relationships.jsonl']) {
      const sha = createHash('sha256')
        .update(readFileSync(join(REAL_SKILLS, f)))
        .digest('hex');
      expect(readme).toContain(`${sha}  ${f}`);
    }
    expect(data.skills.size).toBe(1789);
    expect([...data.ofSkill.values()].reduce((n, s) => n + s.size, 0)).toBe(3818);
    expect(data.ofStandard.size).toBe(931);
  });
});

describe('operation 12: a standard’s learning components', () => {
  it('answers every California standard’s skills exactly as the data says, in description order', async () => {
    const all = [...data.items.values()].map((i) => i.caseUuid);
    for (const uuid of all) {
      const r = await api.get(`/api/v0/academic-standards/${uuid}/learning-components?limit=1000`);
      expect(r.status).toBe(200);
      const body = page.parse(r.body);
      const ids = body.data.map((l) => l.identifier);
      expect(new Set(ids)).toEqual(data.ofStandard.get(uuid) ?? new Set());
      const descriptions = body.data.map((l) => l.description.toLowerCase());
      expect(descriptions).toEqual([...descriptions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });

  it('gives 3.NF.A.1 its two skills, with the learning components’ attribution', async () => {
    const [code] = (await api.get('/api/v0/academic-standards/search?statementCode=3.NF.A.1&jurisdiction=California')).body;
    const body = page.parse((await api.get(`/api/v0/academic-standards/${code.caseIdentifierUUID}/learning-components`)).body);
    expect(body.data.map((l) => l.description.slice(0, 27))).toEqual(['Identify a fraction 1/b as ', 'Identify a fraction a/b as ']);
    for (const l of body.data) expect(l.attributionStatement).toMatch(/learning components under CC BY-4.0 from Achievement Network/);
  });

  it('pages without overlap or gap, and 404s an unknown standard, 400s a malformed one or cursor', async () => {
    const uuid = [...data.ofStandard].sort((a, b) => b[1].size - a[1].size)[0]![0];
    const rows = await walk(`/api/v0/academic-standards/${uuid}/learning-components?limit=3`);
    expect(rows.map((l) => l.identifier).sort()).toEqual([...data.ofStandard.get(uuid)!].sort());
    const empty = await api.get(
      `/api/v0/academic-standards/${[...data.items.values()].find((i) => !data.ofStandard.has(i.caseUuid))!.caseUuid}/learning-components`,
    );
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: [], pagination: { limit: 100, nextCursor: null, hasMore: false } });
    for (const [url, status] of [
      ['/api/v0/academic-standards/00000000-0000-4000-8000-000000000000/learning-components', 404],
      ['/api/v0/academic-standards/not-a-uuid/learning-components', 400],
      [`/api/v0/academic-standards/${uuid}/learning-components?limit=0`, 400],
      [`/api/v0/academic-standards/${uuid}/learning-components?cursor=abc`, 400],
    ] as const) {
      const r = await api.get(url);
      expect(r.status, url).toBe(status);
      apiErrorBodySchema.parse(r.body);
      expect(r.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('answers an ETag, and 304 to If-None-Match', async () => {
    const url = `/api/v0/academic-standards/${[...data.ofStandard.keys()][0]}/learning-components`;
    const first = await api.get(url);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await api.get(url, { 'if-none-match': etag })).status).toBe(304);
  });
});

describe('extension: the standards a skill supports', () => {
  it('answers every skill’s standards exactly as the data says, in outline order, with grades and framework', async () => {
    let checked = 0;
    for (const [skill, standards] of data.ofSkill) {
      const r = await api.get(`/api/v0/learning-components/${skill}/academic-standards?limit=1000`);
      const body = pageSchema(supportedStandardSchema).parse(r.body);
      expect(new Set(body.data.map((s) => s.caseIdentifierUUID))).toEqual(standards);
      for (const s of body.data) expect(s.frameworkCaseIdentifierUUID).toBe(CA_MATH);
      checked++;
    }
    expect(checked).toBe(1789);
  });

  it('says where each standard sits, telling apart one standard’s copies in several courses', async () => {
    const r = await api.get('/api/v0/learning-components/30e9942d-6877-5459-9fa6-e07e13a1c985/academic-standards');
    const rows = pageSchema(supportedStandardSchema).parse(r.body).data;
    const copies = rows.filter((s) => s.statementCode === 'HSF-BF.A.1');
    expect(copies.length).toBeGreaterThan(1);
    expect(new Set(copies.map((s) => s.path!.join(' > '))).size).toBe(copies.length);
    for (const s of rows) expect(s.path!.at(-1)).toMatch(/^HSF-BF\.A/);
  });

  it('404s an unknown skill and 400s a malformed identifier', async () => {
    expect((await api.get('/api/v0/learning-components/00000000-0000-4000-8000-000000000000/academic-standards')).status).toBe(404);
    expect((await api.get('/api/v0/learning-components/x/academic-standards')).status).toBe(400);
  });
});

describe('operations 10 and 11: the list and one skill', () => {
  it('lists every mathematics skill once across pages, and none for another subject', async () => {
    const rows = await walk('/api/v0/learning-components?academicSubject=Mathematics&limit=700');
    expect(rows).toHaveLength(1789);
    expect(new Set(rows.map((l) => l.identifier))).toEqual(new Set(data.skills.keys()));
    expect((await api.get('/api/v0/learning-components?academicSubject=Science')).body.data).toEqual([]);
  });

  it('answers 400 for a missing or unknown subject and a bad limit', async () => {
    for (const url of [
      '/api/v0/learning-components',
      '/api/v0/learning-components?academicSubject=Math',
      '/api/v0/learning-components?academicSubject=Mathematics&limit=1001',
    ]) {
      const r = await api.get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.message).toMatch(/academicSubject|limit/);
    }
  });

  it('answers one skill as the data holds it, 404 unknown, 400 malformed', async () => {
    const [id, props] = [...data.skills][0]!;
    const r = await api.get(`/api/v0/learning-components/${id}`);
    expect(learningComponentSchema.parse(r.body)).toEqual(props);
    expect((await api.get('/api/v0/learning-components/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.get('/api/v0/learning-components/12345')).status).toBe(400);
  });
});

describe('operation 13: search', () => {
  it('answers a bare array, best first by score, 5 by default, at most 50', async () => {
    const r = await api.get('/api/v0/learning-components/search?query=unit%20fractions');
    const hits = r.body.map((h: unknown) => learningComponentHitSchema.parse(h));
    expect(hits).toHaveLength(5);
    const scores = hits.map((h: { score: number }) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Every word held comes first.
    expect(hits[0].description).toMatch(/unit fraction/i);
    expect((await api.get('/api/v0/learning-components/search?query=fractions&limit=50')).body).toHaveLength(50);
    const sorted = (await api.get('/api/v0/learning-components/search?query=area%20rectangle&limit=50')).body.map(
      (h: { score: number }) => h.score,
    );
    expect(sorted).toEqual([...sorted].sort((a: number, b: number) => b - a));
  });

  it('filters by subject and rejects a missing, empty, wordless or too long query and a bad limit', async () => {
    expect((await api.get('/api/v0/learning-components/search?query=fractions&academicSubject=Science')).body).toEqual([]);
    for (const [url, status] of [
      ['/api/v0/learning-components/search', 400],
      ['/api/v0/learning-components/search?query=', 400],
      ['/api/v0/learning-components/search?query=%20%3F%21', 400],
      [`/api/v0/learning-components/search?query=${'a'.repeat(501)}`, 400],
      ['/api/v0/learning-components/search?query=x&limit=51', 400],
      ['/api/v0/learning-components/search?query=x&academicSubject=Math', 422],
    ] as const) {
      const r = await api.get(url);
      expect(r.status, url).toBe(status);
      apiErrorBodySchema.parse(r.body);
    }
  });
});

describe('keys', () => {
  it('asks for a key on every skill operation when keys are configured', async () => {
    const guarded = await openApi(DEFAULT_DATA, { apiKeys: ['k1'] });
    const [skill] = data.skills.keys();
    for (const url of [
      '/api/v0/learning-components?academicSubject=Mathematics',
      '/api/v0/learning-components/search?query=fractions',
      `/api/v0/learning-components/${skill}`,
      `/api/v0/learning-components/${skill}/academic-standards`,
      `/api/v0/academic-standards/${[...data.ofStandard.keys()][0]}/learning-components`,
      `/api/v0/standards-frameworks/${CA_MATH}/learning-components`,
    ]) {
      expect((await guarded.get(url)).status, url).toBe(401);
      const ok = await guarded.get(url, { 'x-api-key': 'k1' });
      expect(ok.status, url).toBe(200);
      // Answers for a keyed API are private to the caller.
      expect(ok.headers.get('cache-control')).toMatch(/private/);
    }
  });
});

describe('extension: a framework’s skills in a few pages', () => {
  it('answers every (standard, skill) pair of California Math in 2 pages, none for Common Core', async () => {
    let requests = 0;
    const rows: any[] = [];
    let cursor: string | null = null;
    do {
      const r = await api.get(
        `/api/v0/standards-frameworks/${CA_MATH}/learning-components?limit=2000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      requests++;
      const body = pageSchema(frameworkLearningComponentSchema).parse(r.body);
      rows.push(...body.data);
      cursor = body.pagination.nextCursor;
    } while (cursor);
    expect(requests).toBe(2);
    expect(rows).toHaveLength(3818);
    const pairs = new Set(rows.map((r) => `${r.standardCaseIdentifierUUID} ${r.identifier}`));
    expect(pairs.size).toBe(3818);
    for (const [standard, skills] of data.ofStandard) for (const s of skills) expect(pairs.has(`${standard} ${s}`)).toBe(true);
    expect((await api.get(`/api/v0/standards-frameworks/${CC_MATH}/learning-components`)).body.data).toEqual([]);
    expect((await api.get(`/api/v0/standards-frameworks/00000000-0000-4000-8000-000000000000/learning-components`)).status).toBe(404);
  });
});

describe('import of learning components', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'skills-import-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts skills and supports links, and says what it left out and why', async () => {
    const counts = await importExport(DEFAULT_DATA, join(dir, 'db.sqlite'));
    expect(counts).toMatchObject({ learningComponents: 1789, supportsEdges: 3818, danglingRelationships: 0 });
    expect(counts.relationships.supports).toBe(3818);
  });

  it('keeps a skill without a standard, drops one without a description, a duplicate link and links that lead elsewhere', async () => {
    const skill = (id: string, description: unknown) =>
      JSON.stringify({ type: 'node', identifier: id, labels: ['LearningComponent'], properties: { identifier: id, description } });
    const rel = (id: string, label: string, source: string, target: string) =>
      JSON.stringify({ type: 'relationship', identifier: id, label, source_identifier: source, target_identifier: target, properties: {} });
    const a = '11111111-1111-4111-8111-111111111111';
    const b = '22222222-2222-4222-8222-222222222222';
    const c = '33333333-3333-4333-8333-333333333333';
    const standard = lines(REAL_DATA, 'nodes.jsonl').find((n) => n.properties.statementCode === '3.NF.A.1')!.identifier;
    const extra = join(dir, 'extra');
    (await import('node:fs')).mkdirSync(extra);
    writeFileSync(
      join(extra, 'nodes.jsonl'),
      [skill(a, 'Add $\\frac{1}{2}$ and *one* <b>half</b>'), skill(b, null), skill(c, 'Alone')].join('\n'),
    );
    writeFileSync(
      join(extra, 'relationships.jsonl'),
      [
        rel('r1', 'supports', a, standard),
        rel('r2', 'supports', a, standard),
        rel('r3', 'supports', b, standard),
        rel('r4', 'hasPart', a, c),
        rel('r5', 'supports', standard, a),
      ].join('\n'),
    );
    const counts = await importExport([REAL_DATA, extra], join(dir, 'extra.sqlite'));
    expect(counts).toMatchObject({ learningComponents: 2, supportsEdges: 1 });
    expect(counts.skippedNodes).toEqual({ 'LearningComponent without a description': 1 });
    expect(counts.skippedRelationships).toEqual({
      'supports to or from a skipped LearningComponent': 1,
      'hasPart to or from a LearningComponent, which the API does not serve': 1,
      'supports that does not lead from a learning component to a standard': 1,
    });
  });
});
