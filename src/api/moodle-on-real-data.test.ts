/**
 * Moodle competency frameworks made from the real data (California Math, 1,467 items;
 * Common Core Math, 836), read through the real local API as the app reads them, and held
 * to Moodle's import rules (server/test-support/moodle-rules.ts): whole frameworks, a
 * framework filtered by grade, sets (one framework and two, with their identical matches
 * cross-referenced), random sets, and the empty set.
 */
import { QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameworkSchema, pageSchema, type Framework } from '../../contract/schemas';
import { listen } from '../../server/test-support/listen';
import { checkMoodleCompetencies, MOODLE_IMPORT_HEADER, readMoodleFile } from '../../server/test-support/moodle-rules';
import { CA_MATH, CC_MATH, openApi, readExport, REAL_DATA } from '../../server/test-support/real-api';
import { getJson } from '../lib/api-client';
import { setDocumentId } from '../lib/case-package';
import type { ExportEntry } from '../lib/export-entries';
import type { ItemFilters } from '../lib/item-filters';
import { memoryStore } from '../lib/key-value-store';
import { DEFAULT_COMPETENCE_SCALE, MOODLE_HEADER, toMoodleCompetencies } from '../lib/moodle-competencies';
import { frameworkFacts, setFrameworkFacts } from '../lib/moodle-framework-facts';
import { fileBytes, tooLargeForOneImport } from '../lib/moodle-import-size';
import { useSavedStoreForTests } from '../lib/saved-standards';
import { loadFrameworkOutline } from './framework-outline';
import { withCrosswalksForMoodle } from './moodle-crosswalks';

const ALL: ItemFilters = { grades: [] };
const SET = {
  id: '3f1c2a9e-7d4b-4c8e-9a1f-2b3c4d5e6f70',
  name: 'Grade 3 fractions unit',
  note: 'Weeks 1–3',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const CA_3NFA1 = '5ebef26f-d7cc-11e8-824f-0242ac160002';
const CC_3NFA1 = '6b9bf846-d7cc-11e8-824f-0242ac160002';

describe('Moodle competency frameworks over the real local API', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  let source: { baseUrl: string };
  let client: QueryClient;
  const frameworks = new Map<string, Framework>();
  const whole = new Map<string, ExportEntry[]>();
  const data = readExport(REAL_DATA);
  /** Each item's parent in the data itself (the export's hasChild edges), read apart from the app. */
  const parentInData = new Map<string, string>();
  for (const [parent, children] of data.children) for (const child of children) parentInData.set(child, parent);

  const outline = (fw: string, filters: ItemFilters) =>
    loadFrameworkOutline(
      client,
      source,
      { caseIdentifierUUID: fw, name: frameworks.get(fw)!.name },
      filters,
      () => {},
      new AbortController().signal,
    );

  beforeAll(async () => {
    server = await listen((await openApi(REAL_DATA)).app.fetch);
    source = { baseUrl: `${server.url}/api/v0` };
    useSavedStoreForTests(memoryStore());
    client = new QueryClient();
    for (const f of (await getJson(source, '/standards-frameworks', pageSchema(frameworkSchema))).data)
      frameworks.set(f.caseIdentifierUUID, f);
    for (const fw of [CA_MATH, CC_MATH]) whole.set(fw, await outline(fw, ALL));
  });
  afterAll(() => server.close());

  it.each([
    ['California Math', CA_MATH, 1467],
    ['Common Core Math', CC_MATH, 836],
  ])('%s whole: a file Moodle imports as it is, every item once, under its own parent, in outline order', (_, fw, count) => {
    const entries = whole.get(fw)!;
    const file = toMoodleCompetencies(frameworkFacts(frameworks.get(fw)!, ALL), entries);
    expect(checkMoodleCompetencies(file.csv)).toEqual([]);
    expect(file.csv.startsWith('Parent ID number,ID number,Short name,')).toBe(true); // UTF-8 text, no BOM
    const { header, rows } = readMoodleFile(file.csv);
    expect(header).toEqual([...MOODLE_HEADER]);
    expect(header).toEqual(MOODLE_IMPORT_HEADER); // Moodle's own strings, in its order
    expect(file.competencies).toBe(count);
    expect(rows).toHaveLength(count + 1);
    expect(new Set(entries.map((e) => e.item.caseIdentifierUUID))).toEqual(new Set(data.descendants(fw)));

    const [framework, ...competencies] = rows;
    expect(framework![12]).toBe('1');
    expect(framework![5]).toBe(DEFAULT_COMPETENCE_SCALE);
    expect(JSON.parse(framework![6]!)).toEqual([
      { scaleid: '2' },
      { id: 1, scaledefault: 0, proficient: 0 },
      { id: 2, scaledefault: 1, proficient: 1 },
    ]);
    expect(framework![3]).toContain(entries[0]!.item.attributionStatement);
    // The data's levels as Moodle's words: grades are levels, domains domains, clusters concepts, standards competencies.
    expect(framework![13]!.split(',')).toContain('competency');

    // Each row is the outline's next item, under the parent the data gives it.
    const idOf = new Map(entries.map((e, i) => [e.item.caseIdentifierUUID, competencies[i]![1]!]));
    entries.forEach((e, i) => {
      const parent = parentInData.get(e.item.caseIdentifierUUID)!;
      expect(competencies[i]![0]).toBe(parent === fw ? '' : idOf.get(parent));
      expect([...competencies[i]![2]!].length).toBeLessThanOrEqual(100);
    });
    // A code that no other item of the file has is the ID number as it is; a shared one takes its UUID's start.
    const codeCount = new Map<string, number>();
    for (const e of entries) if (e.item.statementCode) codeCount.set(e.item.statementCode, (codeCount.get(e.item.statementCode) ?? 0) + 1);
    for (const e of entries) {
      const id = idOf.get(e.item.caseIdentifierUUID)!;
      expect([...id].length).toBeLessThanOrEqual(100);
      if (e.item.statementCode && codeCount.get(e.item.statementCode) === 1) expect(id).toBe(e.item.statementCode);
      else expect(id).toMatch(new RegExp(`_${e.item.caseIdentifierUUID.slice(0, 8)}$`));
    }
    // The same data gives the same file.
    expect(toMoodleCompetencies(frameworkFacts(frameworks.get(fw)!, ALL), entries).csv).toBe(file.csv);
  });

  it('repeated high school codes and headings without codes get ID numbers unique as Moodle compares them', () => {
    const file = toMoodleCompetencies(frameworkFacts(frameworks.get(CA_MATH)!, ALL), whole.get(CA_MATH)!);
    const ids = readMoodleFile(file.csv)
      .rows.slice(1)
      .map((r) => r[1]!);
    expect(new Set(ids.map((id) => id.toLowerCase())).size).toBe(ids.length);
    const repeated = whole.get(CA_MATH)!.filter((e) => e.item.statementCode === 'HSA-CED.A.1').length;
    expect(repeated).toBeGreaterThan(1); // under several courses
    expect(ids.filter((id) => id.startsWith('HSA-CED.A.1_'))).toHaveLength(repeated);
    expect(ids).toContain('3.NF.A.1');
    expect(ids.some((id) => /^Standards-for-Math/.test(id))).toBe(true);
  });

  it('a grade filter keeps that grade’s items and the groupings that hold them, in the whole outline’s order', async () => {
    const grade3 = await outline(CA_MATH, { grades: ['3'] });
    const file = toMoodleCompetencies(frameworkFacts(frameworks.get(CA_MATH)!, { grades: ['3'] }), grade3);
    expect(checkMoodleCompetencies(file.csv)).toEqual([]);
    const [framework] = readMoodleFile(file.csv).rows;
    expect(framework![1]).toBe('california_c6487102_grade-3');
    expect(framework![2]).toBe('California Common Core State Standards - Mathematics · grade 3');
    const kept = new Set(grade3.map((e) => e.item.caseIdentifierUUID));
    // Every row is of grade 3, or holds one that is.
    for (const e of grade3)
      expect(
        e.item.gradeLevel?.includes('3') || grade3.some((d) => d.path.some((p) => p.caseIdentifierUUID === e.item.caseIdentifierUUID)),
      ).toBe(true);
    // Every grade 3 standard under groupings of grade 3 is there.
    const all = whole.get(CA_MATH)!;
    for (const e of all)
      if ([...e.path, e.item].every((i) => i.gradeLevel?.includes('3'))) expect(kept.has(e.item.caseIdentifierUUID)).toBe(true);
    // The whole outline's order, thinned.
    expect(all.filter((e) => kept.has(e.item.caseIdentifierUUID)).map((e) => e.item.caseIdentifierUUID)).toEqual([...kept]);
    expect(grade3.some((e) => e.item.statementCode === '3.NF.A.1')).toBe(true);
    expect(grade3.some((e) => e.item.statementCode === '4.NF.A.1')).toBe(false);
  });

  it('California whole is said too large for one import before download; Common Core, each grade and high school are not', async () => {
    const size = (fw: string, entries: ExportEntry[], filters: ItemFilters) => {
      const file = toMoodleCompetencies(frameworkFacts(frameworks.get(fw)!, filters), entries);
      return tooLargeForOneImport({ competencies: file.competencies, bytes: fileBytes(file.csv) });
    };
    expect(size(CA_MATH, whole.get(CA_MATH)!, ALL)).toMatch(/^This file holds 1,467 competencies/);
    expect(size(CC_MATH, whole.get(CC_MATH)!, ALL)).toBeNull();
    for (const grades of [['K'], ['1'], ['2'], ['3'], ['4'], ['5'], ['6'], ['7'], ['8'], ['9', '10', '11', '12']])
      expect(size(CA_MATH, await outline(CA_MATH, { grades }), { grades })).toBeNull();
  });

  it('a set of two frameworks: each under its own competency, its groupings above it, an identical match cross-referenced', async () => {
    const pick = (fw: string, id: string) => whole.get(fw)!.find((e) => e.item.caseIdentifierUUID === id)!;
    const set = [pick(CA_MATH, CA_3NFA1), pick(CC_MATH, CC_3NFA1)];
    const { entries, missed } = await withCrosswalksForMoodle(client, source, set);
    expect(missed).toBe(false);
    const file = toMoodleCompetencies(setFrameworkFacts(SET, entries), entries);
    expect(checkMoodleCompetencies(file.csv)).toEqual([]);
    const [framework, ...rows] = readMoodleFile(file.csv).rows;
    expect(framework!.slice(1, 3)).toEqual([`standards-set_${setDocumentId(SET.id)}`, 'Grade 3 fractions unit']);
    expect(framework![3]).toContain('<p>Weeks 1–3</p>');
    for (const e of set) expect(framework![3]).toContain(e.item.attributionStatement);
    // Two tops, one per framework; each standard under the four groupings above it.
    expect(rows.filter((r) => r[0] === '').map((r) => r[2])).toEqual([
      'California Common Core State Standards - Mathematics',
      'Common Core State Standards for Math',
    ]);
    expect(rows).toHaveLength(2 + 5 + 5);
    const ca = rows.find((r) => r[2]!.startsWith('3.NF.A.1 ') && rows.indexOf(r) < 6)!;
    const cc = rows.find((r) => r[2]!.startsWith('3.NF.A.1 ') && rows.indexOf(r) >= 6)!;
    // One code in two frameworks: neither keeps it bare, so neither ID depends on the other's presence first.
    expect(ca[1]).toBe(`3.NF.A.1_${CA_3NFA1.slice(0, 8)}`);
    expect(cc[1]).toBe(`3.NF.A.1_${CC_3NFA1.slice(0, 8)}`);
    expect(ca[10]).toBe(cc[1]);
    expect(cc[10]).toBe(ca[1]);
    // Math as readable text, the code and the CASE link after it.
    expect(ca[3]).toContain('Understand a fraction 1/b');
    expect(ca[3]).toContain(`CASE ${CA_3NFA1}</a>`);
  });

  it('any set, in any order, gives a file whose parents stand above the rows that name them, in the framework’s order', () => {
    const pool = [...whole.get(CA_MATH)!, ...whole.get(CC_MATH)!];
    const order = new Map(pool.map((e, i) => [e.item.caseIdentifierUUID, i]));
    fc.assert(
      fc.property(fc.shuffledSubarray(pool, { minLength: 1, maxLength: 150 }), (set) => {
        const file = toMoodleCompetencies(setFrameworkFacts(SET, set), set);
        expect(checkMoodleCompetencies(file.csv)).toEqual([]);
        const rows = readMoodleFile(file.csv).rows.slice(1);
        const seen = new Set<string>();
        for (const row of rows) {
          if (row[0]) expect(seen.has(row[0])).toBe(true);
          seen.add(row[1]!);
        }
        // Every item once (the set's and each grouping above them), and a top per framework when there are several.
        const items = new Set(set.flatMap((e) => [...e.path, e.item].map((i) => i.caseIdentifierUUID)));
        const sources = new Set(set.map((e) => e.framework.caseIdentifierUUID)).size;
        expect(file.competencies).toBe(items.size + (sources > 1 ? sources : 0));
        // Per framework, the rows' items come in the whole outline's order, whatever the set's.
        const positions = rows
          .map((r) => r[3]!.match(/CASE ([0-9a-f-]{36})/)?.[1])
          .filter(Boolean)
          .map((id) => order.get(id!)!);
        for (const fw of [CA_MATH, CC_MATH]) {
          const mine = positions.filter((p) => pool[p]!.framework.caseIdentifierUUID === fw);
          expect(mine).toEqual([...mine].sort((a, b) => a - b));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('an empty set gives the framework’s row alone, which Moodle imports as an empty framework', () => {
    const file = toMoodleCompetencies(setFrameworkFacts({ ...SET, note: '' }, []), []);
    expect(checkMoodleCompetencies(file.csv)).toEqual([]);
    expect(file.competencies).toBe(0);
    expect(readMoodleFile(file.csv).rows).toHaveLength(1);
  });
});
