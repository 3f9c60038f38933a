/**
 * Branch export against the real local API: the 3.NF domain of California Math.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema, standardsItemSchema, type StandardsItem } from '../../contract/schemas';
import { fetchJson } from './api-client';
import { compareSiblings } from '../../contract/natural-sort';
import { toPlainText } from './plain-text';
import { CA_MATH, REAL_DATA, openApi, readExport } from '../../server/test-support/real-api';
import { listen } from '../../server/test-support/listen';
import { CSV_HEADER, collectBranch, pathLabel, toCsvExport, toJsonExport } from './export-entries';

describe('branch export on the real data', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  let base: string;
  beforeAll(async () => {
    server = await listen((await openApi(REAL_DATA)).app.fetch);
    base = `${server.url}/api/v0`;
  });
  afterAll(() => server.close());

  const get = async (path: string) => (await fetchJson({ baseUrl: base }, path, standardsItemSchema)).data;
  const children = async (id: string) =>
    (await fetchJson({ baseUrl: base }, `/academic-standards/${id}/children`, pageSchema(standardsItemSchema), { params: { limit: 1000 } }))
      .data.data;

  it('exports the 3.NF domain in tree order, with paths, and parses back to the API items', async () => {
    const domains = (await (
      await fetch(`${base}/academic-standards/search?query=Fractions&jurisdiction=California&gradeLevel=3&limit=50`)
    ).json()) as Array<{ caseIdentifierUUID: string; description: string }>;
    const domainHit = domains.find((d) => d.description === 'Number & Operations—Fractions')!;
    const domain = await get(`/academic-standards/${domainHit.caseIdentifierUUID}`);
    const ancestors = (await (await fetch(`${base}/academic-standards/${domain.caseIdentifierUUID}/ancestors`)).json())
      .data as StandardsItem[];
    let progress = 0;
    const entries = await collectBranch(
      domain,
      ancestors,
      { caseIdentifierUUID: CA_MATH, name: 'California Math' },
      children,
      (n) => (progress = n),
    );

    // Expected, independently: depth-first over the export's hasChild edges, siblings in natural order.
    const data = readExport(REAL_DATA);
    const byId = new Map(data.items.map((n) => [n.properties.caseIdentifierUUID!, n]));
    const expected: string[] = [];
    const walk = (id: string) => {
      expected.push(id);
      (data.children.get(id) ?? [])
        .map((k) => {
          const p: Record<string, string | undefined> = byId.get(k)!.properties;
          return {
            id: k,
            gradeLevel: JSON.parse(p.gradeLevel ?? 'null'),
            statementCode: p.statementCode ?? null,
            description: p.description ?? null,
          };
        })
        .sort(compareSiblings)
        .forEach((k) => walk(k.id));
    };
    walk(domain.caseIdentifierUUID);
    expect(entries.map((e) => e.item.caseIdentifierUUID)).toEqual(expected);
    expect(progress).toBe(expected.length);
    expect(
      entries
        .map((e) => e.item.statementCode)
        .filter(Boolean)
        .slice(0, 4),
    ).toEqual(['3.NF.A', '3.NF.A.1', '3.NF.A.2', '3.NF.A.2.a']);

    const rows = Papa.parse<string[]>(toCsvExport(entries).slice(1), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([...CSV_HEADER]);
    expect(rows).toHaveLength(expected.length + 1);
    for (const [i, row] of rows.slice(1).entries()) {
      const item = await get(`/academic-standards/${expected[i]}`);
      expect(row[3]).toBe(item.statementCode ?? '');
      expect(row[4]).toBe(toPlainText(item.description));
      expect(row[4]).not.toMatch(/\$|\\[a-zA-Z]/); // readable: no TeX left
      expect(row[5]).toBe(item.description);
      expect(row[8]).toBe(item.caseIdentifierURI);
      expect(row[10]).toBe(item.attributionStatement);
      expect(Number(row[2])).toBe(entries[i]!.path.length + 1);
    }
    expect(rows[1]![1]).toBe(pathLabel(ancestors));
    expect(rows[2]![1]).toBe(`${pathLabel(ancestors)} > Number & Operations—Fractions`);

    const json = JSON.parse(toJsonExport(entries, '3.NF'));
    expect(json.items[1]).toMatchObject({ statementCode: '3.NF.A', depth: ancestors.length + 2 });
    const nfa1 = json.items.find((i: StandardsItem) => i.statementCode === '3.NF.A.1');
    expect(nfa1.description).toContain('$\\frac{1}{b}$');
    expect(nfa1.descriptionText).toContain('1/b');
    expect(json.items.every((i: StandardsItem) => i.attributionStatement.length > 0)).toBe(true);
  });
});

describe('connections in exports', () => {
  const item = { caseIdentifierUUID: 'a', statementCode: '4.NF.A.1', description: 'x', attributionStatement: 's' } as StandardsItem;
  const connections = {
    buildsOn: [{ caseIdentifierUUID: 'p', statementCode: '3.NF.A.1', jurisdiction: 'Multi-State' }],
    leadsTo: [
      { caseIdentifierUUID: 'n1', statementCode: '4.NF.A.2', jurisdiction: 'Multi-State' },
      { caseIdentifierUUID: 'n2', statementCode: '5.NF.A.1', jurisdiction: 'Multi-State' },
    ],
    alignedTo: [
      {
        caseIdentifierUUID: 'c',
        statementCode: '4.NF.1',
        jurisdiction: 'California',
        jaccard: 0.5,
        stateLCCount: 3,
        ccssLCCount: 3,
        sharedLCCount: 2,
      },
    ],
  };
  const entry = { item, framework: { caseIdentifierUUID: 'f', name: 'F' }, path: [], connections };

  it('gives CSV columns of codes, alignments with their strength', () => {
    const [header, row] = Papa.parse<string[]>(toCsvExport([entry]).slice(1), { skipEmptyLines: true }).data;
    expect(header!.slice(-7, -3)).toEqual(['Builds on', 'Leads to', 'Progression derived through', 'Aligned to']);
    expect(row!.slice(-7, -3)).toEqual(['3.NF.A.1', '4.NF.A.2; 5.NF.A.1', '', '4.NF.1 (California; Partial, 0.50)']);
    const derived = {
      ...entry,
      connections: { ...connections, derivedThrough: { caseIdentifierUUID: 'c', statementCode: '4.NF.A.1', jurisdiction: 'Multi-State' } },
    };
    const [, derivedRow] = Papa.parse<string[]>(toCsvExport([derived]).slice(1), { skipEmptyLines: true }).data;
    expect(derivedRow![13]).toBe('Common Core 4.NF.A.1 (identical skills)');
    expect(JSON.parse(toJsonExport([derived], 't')).items[0].progressionDerivedThrough).toEqual({
      caseIdentifierUUID: 'c',
      statementCode: '4.NF.A.1',
      jurisdiction: 'Multi-State',
    });
  });

  it('gives JSON fields, alignments with their numbers', () => {
    const [out] = JSON.parse(toJsonExport([entry], 't')).items;
    expect(out.buildsOn).toEqual([{ caseIdentifierUUID: 'p', statementCode: '3.NF.A.1', jurisdiction: 'Multi-State' }]);
    expect(out.leadsTo.map((l: { statementCode: string }) => l.statementCode)).toEqual(['4.NF.A.2', '5.NF.A.1']);
    expect(out.alignedTo[0]).toMatchObject({ statementCode: '4.NF.1', jaccard: 0.5, strength: 'Partial', sharedLCCount: 2 });
  });
});

describe('skills in exports', () => {
  const item = { caseIdentifierUUID: 'a', statementCode: '3.NF.A.1', description: 'x', attributionStatement: 's' } as StandardsItem;
  const skills = [
    { identifier: 'l1', description: 'Identify a fraction $\\frac{1}{b}$', attributionStatement: 'From Achievement Network.' },
    { identifier: 'l2', description: 'Use *unit* fractions', attributionStatement: 'From Achievement Network.' },
  ];
  const base = { item, framework: { caseIdentifierUUID: 'f', name: 'F' }, path: [] };

  it('gives a CSV column of the skills, readable and joined by "; ", and their attribution once', () => {
    const [header, row, none, unknown] = Papa.parse<string[]>(
      toCsvExport([{ ...base, skills }, { ...base, skills: [] }, { ...base }]).slice(1),
      { skipEmptyLines: true },
    ).data;
    expect(header!.slice(-3)).toEqual(['Skills', 'Skills attribution', 'Skills derived through']);
    expect(row!.slice(-3)).toEqual(['Identify a fraction 1/b; Use unit fractions', 'From Achievement Network.', '']);
    expect(none!.slice(-3)).toEqual(['', '', '']);
    expect(unknown!.slice(-3)).toEqual(['', '', '']);
  });

  it('says where skills are derived: the standards rated identical whose skills they are', () => {
    const through = [{ caseIdentifierUUID: 'ca', statementCode: '3.NF.A.1', jurisdiction: 'California' }];
    const [, row] = Papa.parse<string[]>(toCsvExport([{ ...base, skills, skillsDerivedThrough: through }]).slice(1), {
      skipEmptyLines: true,
    }).data;
    expect(row!.at(-1)).toBe('California 3.NF.A.1 (identical skills)');
    const [out] = JSON.parse(toJsonExport([{ ...base, skills, skillsDerivedThrough: through }], 't')).items;
    expect(out.learningComponentsDerivedThrough).toEqual(through);
  });

  it('gives JSON learningComponents with identifier, description and attribution; none where they were not loaded', () => {
    const [out, without] = JSON.parse(toJsonExport([{ ...base, skills }, base], 't')).items;
    expect(out.learningComponents).toEqual([
      {
        identifier: 'l1',
        description: skills[0]!.description,
        descriptionText: 'Identify a fraction 1/b',
        attributionStatement: 'From Achievement Network.',
      },
      {
        identifier: 'l2',
        description: 'Use *unit* fractions',
        descriptionText: 'Use unit fractions',
        attributionStatement: 'From Achievement Network.',
      },
    ]);
    expect(without.learningComponents).toBeUndefined();
  });
});
