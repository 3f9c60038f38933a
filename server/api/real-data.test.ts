/**
 * The local API against the export it was imported from: completeness of paging,
 * filters, children, hasChildren and every field, computed from the JSONL files.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { frameworkSchema, pageSchema, standardsItemSchema } from '../../contract/schemas';
import { sortSiblings, type SortableItem } from '../../contract/natural-sort';
import { CA_MATH, CC_MATH, SAMPLE_DATA, REAL_DATA, openApi, readExport, walkPages } from '../test-support/real-api';

const suites = [
  { name: "the project's real Learning Commons subset", dir: REAL_DATA },
  { name: "the project's sample export", dir: SAMPLE_DATA },
];

const parseGrades = (raw: string | undefined) => (raw ? (JSON.parse(raw) as string[]) : null);

for (const suite of suites) {
  describe(`local API over ${suite.name}`, () => {
    let api: Awaited<ReturnType<typeof openApi>>;
    let data: ReturnType<typeof readExport>;
    beforeAll(async () => {
      api = await openApi(suite.dir);
      data = readExport(suite.dir);
    });

    it('lists every framework, parsed by the schema', async () => {
      const { pages, ids } = await walkPages(api.get, '/api/v0/standards-frameworks?limit=1');
      for (const p of pages) pageSchema(frameworkSchema).parse(p);
      expect(ids.sort()).toEqual(data.frameworks.map((f) => f.properties.caseIdentifierUUID).sort());
      const first = pages[0].data[0];
      expect(typeof first.isCurrent).toBe('boolean');
    });

    it.each([1, 7, 100, 1000])('walks every page of every framework at limit=%i: each item exactly once', async (limit) => {
      for (const f of data.frameworks) {
        const fid = f.properties.caseIdentifierUUID!;
        const { ids, pages } = await walkPages(
          api.get,
          `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${fid}&limit=${limit}`,
        );
        const expected = data.descendants(fid);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.sort()).toEqual(expected.sort());
        for (const p of pages) expect(p.pagination.limit).toBe(limit);
      }
    });

    it('filters by grade (any of several), subject and statement type as the data says', async () => {
      for (const f of data.frameworks) {
        const fid = f.properties.caseIdentifierUUID!;
        const inFramework = new Set(data.descendants(fid));
        const items = data.items.filter((i) => inFramework.has(i.properties.caseIdentifierUUID!));
        const cases: Array<[string, (p: Record<string, string>) => boolean]> = [
          ['gradeLevel=3', (p) => !!parseGrades(p.gradeLevel)?.includes('3')],
          ['gradeLevel=K&gradeLevel=9', (p) => !!parseGrades(p.gradeLevel)?.some((g) => g === 'K' || g === '9')],
          ['academicSubject=Mathematics', (p) => p.academicSubject === 'Mathematics'],
          ['academicSubject=Science', (p) => p.academicSubject === 'Science'],
          ['normalizedStatementType=Standard', (p) => p.normalizedStatementType === 'Standard'],
          [
            'normalizedStatementType=Standard%20Grouping&gradeLevel=4',
            (p) => p.normalizedStatementType === 'Standard Grouping' && !!parseGrades(p.gradeLevel)?.includes('4'),
          ],
        ];
        for (const [query, match] of cases) {
          const { ids } = await walkPages(
            api.get,
            `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${fid}&limit=250&${query}`,
          );
          const expected = items.filter((i) => match(i.properties)).map((i) => i.properties.caseIdentifierUUID);
          expect(ids.sort(), query).toEqual(expected.sort());
        }
      }
    });

    it('children equal the hasChild edges, in natural sibling order, for every parent', async () => {
      const parents = [...data.frameworks, ...data.items].map((n) => n.properties.caseIdentifierUUID!);
      for (const parent of parents) {
        const r = await api.get(`/api/v0/academic-standards/${parent}/children?limit=1000`);
        expect(r.status).toBe(200);
        const ids = r.body.data.map((d: { caseIdentifierUUID: string }) => d.caseIdentifierUUID);
        expect([...ids].sort()).toEqual([...(data.children.get(parent) ?? [])].sort());
        const sorted = sortSiblings(r.body.data as Array<{ caseIdentifierUUID: string } & SortableItem>).map((d) => d.caseIdentifierUUID);
        expect(ids).toEqual(sorted);
      }
    });

    it('every item matches the export field by field, with hasChildren right', async () => {
      for (const node of data.items) {
        const p = node.properties;
        const r = await api.get(`/api/v0/academic-standards/${p.caseIdentifierUUID}`);
        expect(r.status).toBe(200);
        const item = z.strictObject(standardsItemSchema.shape).parse(r.body);
        expect(item).toEqual({
          identifier: p.identifier,
          caseIdentifierUUID: p.caseIdentifierUUID,
          caseIdentifierURI: p.caseIdentifierURI ?? null,
          name: p.name ?? null,
          statementCode: p.statementCode ?? null,
          description: p.description ?? null,
          statementType: p.statementType ?? null,
          normalizedStatementType: p.normalizedStatementType ?? null,
          jurisdiction: p.jurisdiction ?? null,
          academicSubject: p.academicSubject ?? null,
          gradeLevel: parseGrades(p.gradeLevel),
          inLanguage: p.inLanguage ?? null,
          dateCreated: p.dateCreated ?? null,
          dateModified: p.dateModified ?? null,
          notes: p.notes ?? null,
          author: p.author,
          provider: p.provider,
          license: p.license,
          attributionStatement: p.attributionStatement,
          hasChildren: (data.children.get(p.caseIdentifierUUID!)?.length ?? 0) > 0,
        });
      }
    });

    it('children pages of a large parent never overlap or skip at small limits', async () => {
      const [parent, kids] = [...data.children].sort((a, b) => b[1].length - a[1].length)[0]!;
      for (const limit of [1, 2, 5]) {
        const { ids } = await walkPages(api.get, `/api/v0/academic-standards/${parent}/children?limit=${limit}`);
        expect(ids.sort()).toEqual([...kids].sort());
      }
    });
  });
}

describe('the real subset', () => {
  let api: Awaited<ReturnType<typeof openApi>>;
  beforeAll(async () => {
    api = await openApi(REAL_DATA);
  });

  it('is the unchanged copy of the export records (SHA-256 as recorded in data/learning-commons/README.md)', () => {
    const sha = (f: string) =>
      createHash('sha256')
        .update(readFileSync(join(REAL_DATA, f)))
        .digest('hex');
    const readme = readFileSync(join(REAL_DATA, 'README.md'), 'utf8');
    for (const f of ['nodes.jsonl', 'relationships.jsonl']) expect(readme).toContain(`${sha(f)}  ${f}`);
  });

  it('serves the two real frameworks with 836 and 1,467 items', async () => {
    expect(
      (await walkPages(api.get, `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CC_MATH}&limit=1000`)).ids,
    ).toHaveLength(836);
    expect(
      (await walkPages(api.get, `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${CA_MATH}&limit=1000`)).ids,
    ).toHaveLength(1467);
  });
});

describe('ancestors extension', () => {
  it('answers the parent chain, top level first, for every item', async () => {
    const dir = REAL_DATA;
    const api = await openApi(dir);
    const data = readExport(dir);
    const parentOf = new Map<string, string>();
    for (const [parent, kids] of data.children) for (const kid of kids) parentOf.set(kid, parent);
    const frameworkIds = new Set(data.frameworks.map((f) => f.properties.caseIdentifierUUID));
    for (const node of data.items) {
      const expected: string[] = [];
      for (let p = parentOf.get(node.properties.caseIdentifierUUID!); p && !frameworkIds.has(p); p = parentOf.get(p)) expected.unshift(p);
      const r = await api.get(`/api/v0/academic-standards/${node.properties.caseIdentifierUUID}/ancestors`);
      expect(r.status).toBe(200);
      expect(r.body.data.map((i: { caseIdentifierUUID: string }) => i.caseIdentifierUUID)).toEqual(expected);
    }
    expect((await api.get('/api/v0/academic-standards/00000000-0000-4000-8000-000000000000/ancestors')).status).toBe(404);
    expect((await api.get('/api/v0/academic-standards/nope/ancestors')).status).toBe(400);
  });
});
