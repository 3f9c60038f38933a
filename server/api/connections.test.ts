/**
 * The connections operations (contract 6–9) against the real export they were imported
 * from: every hasStandardAlignment, buildsTowards and relatesTo edge is answered from
 * both ends as the contract says, with the export's numbers, filters and paging.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REAL_DATA, openApi, walkPages } from '../test-support/real-api';

interface Rel {
  label: string;
  source_identifier: string;
  target_identifier: string;
  properties: Record<string, string>;
}

const lines = (f: string) =>
  readFileSync(join(REAL_DATA, f), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const nodes = lines('nodes.jsonl') as Array<{ identifier: string; properties: Record<string, string> }>;
const rels = lines('relationships.jsonl') as Rel[];
const caseOf = new Map(nodes.map((n) => [n.identifier, n.properties.caseIdentifierUUID!]));
const jurisdictionOf = new Map(nodes.map((n) => [n.properties.caseIdentifierUUID!, n.properties.jurisdiction]));
const edges = (label: string) =>
  rels
    .filter((r) => r.label === label)
    .map((r) => ({ from: caseOf.get(r.source_identifier)!, to: caseOf.get(r.target_identifier)!, p: r.properties }));

/** The answers an operation must give, per asked standard, computed from the export alone. */
function expected(pairs: Array<[asked: string, answered: string]>) {
  const map = new Map<string, Set<string>>();
  for (const [a, b] of pairs) map.set(a, (map.get(a) ?? new Set()).add(b));
  return map;
}

describe('connections over the real export', () => {
  let api: Awaited<ReturnType<typeof openApi>>;
  const all = async (operation: string, id: string, query = '') =>
    (await walkPages(api.get, `/api/v0/academic-standards/${id}/${operation}?limit=1000${query}`)).pages.flatMap((p) => p.data);

  beforeAll(async () => {
    api = await openApi(REAL_DATA);
  });

  it('the real data has the edges the issue counts', () => {
    expect([edges('hasStandardAlignment').length, edges('buildsTowards').length, edges('relatesTo').length]).toEqual([591, 757, 284]);
  });

  it('answers every crosswalk from both ends, with the export numbers parsed', async () => {
    const alignments = edges('hasStandardAlignment');
    const want = expected(alignments.flatMap((e) => [[e.from, e.to] as [string, string], [e.to, e.from] as [string, string]]));
    let answered = 0;
    for (const [asked, answers] of want) {
      const data = await all('crosswalks', asked);
      expect(new Set(data.map((d) => d.caseIdentifierUUID))).toEqual(answers);
      answered += data.length;
      // Strongest first: jaccard never rises down the list.
      for (let i = 1; i < data.length; i++) expect(data[i].jaccard).toBeLessThanOrEqual(data[i - 1].jaccard);
    }
    expect(answered).toBe(591 * 2);
    for (const e of alignments) {
      const [fromState] = (await all('crosswalks', e.from)).filter((d) => d.caseIdentifierUUID === e.to);
      const [fromCore] = (await all('crosswalks', e.to)).filter((d) => d.caseIdentifierUUID === e.from);
      for (const d of [fromState, fromCore]) {
        expect(d).toMatchObject({
          jaccard: Number(e.p.jaccard),
          stateLCCount: Number(e.p.stateLCCount),
          ccssLCCount: Number(e.p.ccssLCCount),
          sharedLCCount: Number(e.p.sharedLCCount),
          attributionStatement: e.p.attributionStatement,
        });
      }
      expect(fromState.jurisdiction).toBe('Multi-State');
      expect(fromCore.jurisdiction).toBe(jurisdictionOf.get(e.from));
    }
  });

  it('answers prerequisites, builds-towards and related standards as the edges say', async () => {
    const builds = edges('buildsTowards');
    const relates = edges('relatesTo');
    const cases: Array<[string, Map<string, Set<string>>]> = [
      ['builds-towards', expected(builds.map((e) => [e.from, e.to]))],
      ['prerequisites', expected(builds.map((e) => [e.to, e.from]))],
      // The export stores most relatesTo links both ways; each pair answers once per end.
      ['related-standards', expected(relates.flatMap((e) => [[e.from, e.to] as [string, string], [e.to, e.from] as [string, string]]))],
    ];
    for (const [operation, want] of cases) {
      const total = [...want.values()].reduce((n, s) => n + s.size, 0);
      expect(total).toBeGreaterThanOrEqual(operation === 'related-standards' ? 284 : 757);
      let answered = 0;
      for (const [asked, answers] of want) {
        const data = await all(operation, asked);
        expect(new Set(data.map((d) => d.caseIdentifierUUID)), `${operation} of ${asked}`).toEqual(answers);
        answered += data.length;
        for (const d of data) {
          expect(Object.keys(d)).toEqual(
            expect.arrayContaining([
              'statementCode',
              'description',
              'jurisdiction',
              'author',
              'provider',
              'license',
              'attributionStatement',
            ]),
          );
          expect(d.relationship.attributionStatement).toMatch(/Student Achievement Partners/);
        }
      }
      expect(answered, operation).toBe(total);
    }
  });

  it('filters crosswalks by minJaccardScore and jurisdiction', async () => {
    const alignments = edges('hasStandardAlignment');
    const core = alignments.map((e) => e.to);
    const busiest = [...expected(alignments.map((e) => [e.to, e.from]))].sort((a, b) => b[1].size - a[1].size)[0]![0];
    for (const min of [0, 0.25, 0.5, 0.75, 1]) {
      const data = await all('crosswalks', busiest, `&minJaccardScore=${min}`);
      const want = alignments.filter((e) => e.to === busiest && Number(e.p.jaccard) >= min).map((e) => e.from);
      expect(new Set(data.map((d) => d.caseIdentifierUUID))).toEqual(new Set(want));
    }
    expect((await all('crosswalks', busiest, '&jurisdiction=California')).length).toBe(alignments.filter((e) => e.to === busiest).length);
    expect(await all('crosswalks', busiest, '&jurisdiction=Texas')).toEqual([]);
    const state = alignments[0]!.from;
    expect((await all('crosswalks', state, '&jurisdiction=Multi-State')).length).toBeGreaterThan(0);
    expect(core.length).toBe(591);
  });

  it('pages to the end one answer at a time, and binds cursors to the query', async () => {
    const busiest = [...expected(edges('buildsTowards').map((e) => [e.from, e.to]))].sort((a, b) => b[1].size - a[1].size)[0]!;
    const { ids, pages } = await walkPages(api.get, `/api/v0/academic-standards/${busiest[0]}/builds-towards?limit=1`);
    expect(ids).toEqual((await all('builds-towards', busiest[0])).map((d) => d.caseIdentifierUUID));
    expect(pages.length).toBe(busiest[1].size);
    const cursor = encodeURIComponent(pages[0].pagination.nextCursor);
    expect((await api.get(`/api/v0/academic-standards/${busiest[0]}/prerequisites?limit=1&cursor=${cursor}`)).status).toBe(400);
  });

  it('answers the contract status codes', async () => {
    const known = edges('hasStandardAlignment')[0]!.from;
    const status = async (url: string) => (await api.get(url)).status;
    expect(await status(`/api/v0/academic-standards/${known}/crosswalks?minJaccardScore=1.5`)).toBe(400);
    expect(await status(`/api/v0/academic-standards/${known}/crosswalks?minJaccardScore=abc`)).toBe(400);
    expect(await status(`/api/v0/academic-standards/${known}/crosswalks?minJaccardScore=-0.1`)).toBe(400);
    expect(await status(`/api/v0/academic-standards/${known}/crosswalks?jurisdiction=Narnia`)).toBe(422);
    expect(await status(`/api/v0/academic-standards/${known}/related-standards?limit=0`)).toBe(400);
    expect(await status('/api/v0/academic-standards/not-a-uuid/prerequisites')).toBe(400);
    for (const op of ['crosswalks', 'prerequisites', 'builds-towards', 'related-standards'])
      expect(await status(`/api/v0/academic-standards/00000000-0000-4000-8000-000000000000/${op}`)).toBe(404);
    // An existing standard without connections: an empty page.
    const grouping = nodes.find((n) => n.properties.normalizedStatementType === 'Standard Grouping')!.properties.caseIdentifierUUID!;
    const empty = await api.get(`/api/v0/academic-standards/${grouping}/crosswalks`);
    expect(empty.body).toEqual({ data: [], pagination: { limit: 100, nextCursor: null, hasMore: false } });
    const first = await api.get(`/api/v0/academic-standards/${known}/crosswalks`);
    const again = await api.get(`/api/v0/academic-standards/${known}/crosswalks`, { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
  });
});

describe('framework connections (local extension)', () => {
  let api: Awaited<ReturnType<typeof openApi>>;
  beforeAll(async () => {
    api = await openApi(REAL_DATA);
  });
  const CA_MATH = 'c6487102-d7cb-11e8-824f-0242ac160002';
  const CC_MATH = 'c6496676-d7cb-11e8-824f-0242ac160002';

  it('gives every alignment of a framework, from either side, in a few pages', async () => {
    const alignments = edges('hasStandardAlignment');
    for (const [framework, side, limit] of [
      [CA_MATH, (e: (typeof alignments)[number]) => `${e.from}>${e.to}`, 1000],
      [CC_MATH, (e: (typeof alignments)[number]) => `${e.to}>${e.from}`, 7],
    ] as const) {
      const { pages } = await walkPages(
        api.get,
        `/api/v0/standards-frameworks/${framework}/connections?operation=crosswalks&limit=${limit}`,
      );
      const pairs = pages.flatMap((p) => p.data).map((d) => `${d.standardCaseIdentifierUUID}>${d.caseIdentifierUUID}`);
      expect(pairs.sort()).toEqual(alignments.map(side).sort());
    }
    const california = await walkPages(
      api.get,
      `/api/v0/standards-frameworks/${CC_MATH}/connections?operation=crosswalks&limit=1000&jurisdiction=California`,
    );
    expect(california.pages.flatMap((p) => p.data)).toHaveLength(591);
    // Without an operation: all four, each as its own operation answers it.
    const everything = (await walkPages(api.get, `/api/v0/standards-frameworks/${CC_MATH}/connections?limit=500`)).pages.flatMap(
      (p) => p.data,
    );
    const count = (op: string) => everything.filter((d) => d.operation === op).length;
    expect([count('crosswalks'), count('prerequisites'), count('builds-towards'), count('related-standards')]).toEqual([
      591, 757, 757, 284,
    ]);
    expect((await api.get(`/api/v0/standards-frameworks/00000000-0000-4000-8000-000000000000/connections`)).status).toBe(404);
    expect((await api.get(`/api/v0/standards-frameworks/${CA_MATH}/connections?minJaccardScore=x`)).status).toBe(400);
    expect((await api.get(`/api/v0/standards-frameworks/${CA_MATH}/connections?operation=friends`)).status).toBe(422);
  });
});
