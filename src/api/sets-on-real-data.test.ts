/**
 * Sets built from the real local API over the real data (California Math): a standard
 * comes with its parts, a cluster gives its standards in outline order, and the set's
 * exports (CSV, JSON, Canvas outcomes, CASE 1.1) hold what the issue asks and load back.
 */
import { QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema, standardsItemSchema } from '../../contract/schemas';
import { getJson } from '../lib/api-client';
import { toCanvasOutcomesCsv, RATING_SCALES } from '../lib/canvas-outcomes';
import { toCasePackage } from '../lib/case-package';
import { checkCasePackage } from '../../server/test-support/case-rules';
import { checkCanvasOutcomes } from '../../server/test-support/canvas-rules';
import { describeSet } from '../lib/set-count';
import { decodeSet, LINK_BUDGET, setLink, setValueOf } from '../lib/set-link';
import { readStored } from '../lib/safe-storage';
import { sets } from '../lib/sets-store';
import { toCsvExport, toJsonExport, type ExportEntry } from '../lib/export-entries';
import { memoryStore } from '../lib/key-value-store';
import { useSavedStoreForTests } from '../lib/saved-standards';
import { parseSetFile } from '../lib/set-file';
import { CA_MATH, CC_MATH, openApi, REAL_DATA } from '../../server/test-support/real-api';
import { listen } from '../../server/test-support/listen';
import { partsOf, standardsUnder } from './set-additions';
import { resolveEntries } from './set-entries';

const CLUSTER_3NFA = '5ebe91dd-d7cc-11e8-824f-0242ac160002';
const STANDARD_4NFB3 = '5ec0feb1-d7cc-11e8-824f-0242ac160002';
const FRAMEWORK = { caseIdentifierUUID: CA_MATH, name: 'California Common Core State Standards - Mathematics' };
const SET = {
  id: '3f1c2a9e-7d4b-4c8e-9a1f-2b3c4d5e6f70',
  name: 'Grade 3 fractions unit',
  note: 'Weeks 1–3',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('sets over the real local API', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  let source: { baseUrl: string };
  let client: QueryClient;
  let unit: ExportEntry[];
  beforeAll(async () => {
    server = await listen((await openApi(REAL_DATA)).app.fetch);
    source = { baseUrl: `${server.url}/api/v0` };
    useSavedStoreForTests(memoryStore());
    client = new QueryClient();
    const cluster = await getJson(source, `/academic-standards/${CLUSTER_3NFA}`, standardsItemSchema);
    unit = (await standardsUnder(client, source, cluster, FRAMEWORK, () => {}, new AbortController().signal)).withParts;
  });
  afterAll(() => server.close());

  it('a standard comes with its lettered components, in order', async () => {
    const item = await getJson(source, `/academic-standards/${STANDARD_4NFB3}`, standardsItemSchema);
    const parts = await partsOf(client, source, { item, framework: FRAMEWORK, path: [] });
    expect(parts.map((p) => p.item.statementCode)).toEqual(['4.NF.B.3.a', '4.NF.B.3.b', '4.NF.B.3.c', '4.NF.B.3.d']);
    // Each part sits under the standard.
    expect(parts.every((p) => p.path.at(-1)?.caseIdentifierUUID === STANDARD_4NFB3)).toBe(true);
    // A component has no parts; a grouping is not a standard with parts.
    expect(await partsOf(client, source, parts[0]!)).toEqual([]);
  });

  it('a cluster gives its standards in outline order, each followed by its parts', async () => {
    const cluster = await getJson(source, `/academic-standards/${CLUSTER_3NFA}`, standardsItemSchema);
    const under = await standardsUnder(client, source, cluster, FRAMEWORK, () => {}, new AbortController().signal);
    expect(under.standards.map((e) => e.item.statementCode)).toEqual(['3.NF.A.1', '3.NF.A.2', '3.NF.A.3']);
    expect(under.withParts.map((e) => e.item.statementCode)).toEqual([
      '3.NF.A.1',
      '3.NF.A.2',
      '3.NF.A.2.a',
      '3.NF.A.2.b',
      '3.NF.A.3',
      '3.NF.A.3.a',
      '3.NF.A.3.b',
      '3.NF.A.3.c',
      '3.NF.A.3.d',
    ]);
  });

  it('an exported CSV and JSON load back as the same set, in the same order', async () => {
    const ids = unit.map((e) => e.item.caseIdentifierUUID);
    const fromCsv = parseSetFile(toCsvExport(unit), 'grade-3-fractions-unit.csv');
    expect(fromCsv.name).toBe('Grade 3 fractions unit');
    expect(fromCsv.standards.map((s) => s.caseIdentifierUUID)).toEqual(ids);
    const fromJson = parseSetFile(toJsonExport(unit, SET.name, SET.note), 'whatever.json');
    expect(fromJson).toMatchObject({ name: SET.name, note: SET.note });
    expect(fromJson.standards.map((s) => s.caseIdentifierUUID)).toEqual(ids);
    // Read back through the API, the entries are the set's.
    const resolved = await resolveEntries(new QueryClient(), source, fromJson.standards);
    expect(resolved.missing).toEqual([]);
    expect(resolved.entries.map((e) => e.item.caseIdentifierUUID)).toEqual(ids);
    expect(resolved.entries[0]!.framework.caseIdentifierUUID).toBe(CA_MATH);
  });

  it('names the standards the data does not hold', async () => {
    const foreign = '00000000-0000-4000-8000-000000000001';
    const resolved = await resolveEntries(new QueryClient(), source, [
      { caseIdentifierUUID: unit[0]!.item.caseIdentifierUUID },
      { caseIdentifierUUID: foreign },
    ]);
    expect(resolved.entries).toHaveLength(1);
    expect(resolved.missing).toEqual([foreign]);
  });

  it("exports Canvas's outcomes CSV: groups for framework and domain, outcomes keyed by CASE UUID, a rating scale", () => {
    const scale = RATING_SCALES[0]!;
    const csv = toCanvasOutcomesCsv(unit, scale);
    expect(csv.startsWith('vendor_guid,')).toBe(true); // no BOM: Canvas reads the header as is
    const [header, ...rows] = Papa.parse<string[]>(csv.trim()).data;
    expect(header!.slice(0, 11)).toEqual([
      'vendor_guid',
      'object_type',
      'title',
      'description',
      'display_name',
      'calculation_method',
      'calculation_int',
      'mastery_points',
      'workflow_state',
      'parent_guids',
      'ratings',
    ]);
    expect(header).toHaveLength(11 + scale.ratings.length * 2 - 1);
    const col = (name: string) => header!.indexOf(name);
    const groups = rows.filter((r) => r[col('object_type')] === 'group');
    const outcomes = rows.filter((r) => r[col('object_type')] === 'outcome');
    expect(groups.map((g) => g[col('title')])).toEqual([FRAMEWORK.name, 'Number & Operations—Fractions (Grade 3)']);
    expect(outcomes.map((o) => o[col('vendor_guid')])).toEqual(unit.map((e) => e.item.caseIdentifierUUID));
    const defined = new Set<string>();
    for (const row of rows) {
      expect(row[col('vendor_guid')]).not.toMatch(/\s/);
      expect(row[col('workflow_state')]).toBe('active');
      // Every parent is a group defined earlier in the same file.
      for (const parent of row[col('parent_guids')]!.split(' ').filter(Boolean)) expect(defined.has(parent)).toBe(true);
      if (row[col('object_type')] === 'group') defined.add(row[col('vendor_guid')]!);
    }
    const first = outcomes[0]!;
    expect(first[col('title')]).toBe('3.NF.A.1');
    // Plain text (math as 1/b), then the attribution.
    expect(first[col('description')]).toContain('Understand a fraction 1/b');
    expect(first[col('description')]).toContain(unit[0]!.item.attributionStatement);
    expect(first.slice(col('ratings'))).toEqual([
      '4',
      'Exceeds Mastery',
      '3',
      'Meets Mastery',
      '2',
      'Near Mastery',
      '1',
      'Below Mastery',
      '0',
      'No Evidence',
    ]);
    expect(first[col('mastery_points')]).toBe('3');
    const three = Papa.parse<string[]>(toCanvasOutcomesCsv(unit, RATING_SCALES[1]!).trim()).data;
    expect(three[1]!.length).toBe(11 + 3 * 2 - 1);
    expect(checkCanvasOutcomes(csv)).toEqual([]);
    expect(checkCanvasOutcomes(toCanvasOutcomesCsv(unit, RATING_SCALES[1]!))).toEqual([]);
  });

  it('a grouping in a set becomes a Canvas group once, never an outcome; a reordered set keeps its order in the file', () => {
    const [, , domain, cluster] = unit[0]!.path; // Standards for Math Content › Grade 3 › 3.NF › 3.NF.A
    const grouping = (item: typeof domain, path: (typeof unit)[0]['path']) => ({ item: item!, framework: FRAMEWORK, path });
    // "Add to set" on the domain and on the cluster, then the unit with 3.NF.A.3 moved to the top.
    const moved = [...unit.slice(4), ...unit.slice(0, 4)];
    const set = [grouping(domain, unit[0]!.path.slice(0, 2)), ...moved, grouping(cluster, unit[0]!.path.slice(0, 3))];
    const csv = toCanvasOutcomesCsv(set);
    expect(checkCanvasOutcomes(csv)).toEqual([]);
    const [header, ...rows] = Papa.parse<string[]>(csv.trim()).data;
    const col = (name: string) => header!.indexOf(name);
    const guids = rows.map((r) => r[col('vendor_guid')]);
    expect(new Set(guids).size).toBe(guids.length);
    expect(rows.filter((r) => r[col('vendor_guid')] === domain!.caseIdentifierUUID).map((r) => r[col('object_type')])).toEqual(['group']);
    expect(rows.find((r) => r[col('vendor_guid')] === cluster!.caseIdentifierUUID)).toMatchObject({
      [col('object_type')]: 'group',
      [col('parent_guids')]: domain!.caseIdentifierUUID,
    });
    // The outcomes in the set's own order, 3.NF.A.3 first: nothing regrouped.
    expect(rows.filter((r) => r[col('object_type')] === 'outcome').map((r) => r[col('title')])).toEqual(
      moved.map((e) => e.item.statementCode),
    );
    expect(describeSet(set)).toBe('3 standards (6 parts) and 2 groupings');
    // The rules catch what Canvas's importer refuses: a GUID used twice, a parent named before it is defined.
    const twice = `${csv}${csv.split('\r\n').at(-2) ?? csv.trim().split('\n').at(-1)}\r\n`;
    expect(checkCanvasOutcomes(twice).some((p) => /is also on line/.test(p))).toBe(true);
    const [head, first, ...rest] = csv.trim().split('\r\n');
    expect(checkCanvasOutcomes([head, ...rest, first].join('\r\n')).some((p) => /not a group defined above/.test(p))).toBe(true);
  });

  it('the CASE package keeps the framework’s order in isChildOf and the designer’s in a precedes grouping', () => {
    const moved = [unit[4]!, ...unit.slice(0, 4), ...unit.slice(5)]; // "Move 3.NF.A.3 to the top"
    const pkg = toCasePackage(SET, moved);
    expect(checkCasePackage(pkg)).toEqual([]);
    const code = (id: string) => pkg.CFItems.find((i) => i.identifier === id)?.humanCodingScheme;
    const childOf = pkg.CFAssociations.filter((a) => a.associationType === 'isChildOf');
    const seq = (c: string) => childOf.find((a) => code(a.originNodeURI.identifier) === c)!.sequenceNumber;
    // The framework's order, whatever the set's: 3.NF.A.1 is #1 under its cluster, 3.NF.A.3 #3.
    expect([seq('3.NF.A.1'), seq('3.NF.A.2'), seq('3.NF.A.3'), seq('3.NF.A.3.d')]).toEqual([1, 2, 3, 4]);
    expect(pkg.CFItems.map((i) => i.humanCodingScheme).filter((c) => c?.startsWith('3.NF.A.'))[0]).toBe('3.NF.A.1');
    // The designer's: each standard precedes the next, numbered, in one grouping.
    const order = pkg.CFDefinitions.CFAssociationGroupings!;
    expect(order).toHaveLength(1);
    expect(order[0]!.title).toBe('Order of “Grade 3 fractions unit”');
    const precedes = pkg.CFAssociations.filter((a) => a.associationType === 'precedes');
    expect(precedes.map((a) => a.sequenceNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(precedes.every((a) => a.CFAssociationGroupingURI?.identifier === order[0]!.identifier)).toBe(true);
    expect([code(precedes[0]!.originNodeURI.identifier), ...precedes.map((a) => code(a.destinationNodeURI.identifier))]).toEqual(
      moved.map((e) => e.item.statementCode),
    );
    // Reordering changes only the grouping's associations.
    const plain = toCasePackage(SET, unit);
    expect(plain.CFAssociations.filter((a) => a.associationType === 'isChildOf')).toEqual(childOf);
    expect(plain.CFItems).toEqual(pkg.CFItems);
  });

  it('any set of up to 300 standards, in any order, survives link → open → save with its ids, order, name and note', async () => {
    const itemsPage = pageSchema(standardsItemSchema);
    const pool = (
      await Promise.all(
        [CA_MATH, CC_MATH].map((fw) =>
          getJson(source, `/academic-standards`, itemsPage, { params: { standardsFrameworkCaseIdentifierUUID: fw, limit: 1000 } }),
        ),
      )
    ).flatMap((p) => p.data.map((i) => i.caseIdentifierUUID));
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(pool, { maxLength: 300 }),
        fc.string({ unit: 'grapheme', maxLength: 100 }),
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        async (ids, name, note) => {
          const link = setLink('https://standards.example.org', { name, note, ids, setId: SET.id });
          expect(link.length).toBeLessThanOrEqual(LINK_BUDGET); // the README's guarantee
          const shared = decodeSet(setValueOf(link)!);
          const opened = await resolveEntries(
            client,
            source,
            shared.ids.map((caseIdentifierUUID) => ({ caseIdentifierUUID })),
          );
          expect(opened.missing).toEqual([]);
          const id = sets.create(shared.name, opened.entries, shared.note);
          const saved = sets.all().find((s) => s.id === id)!;
          expect(saved.entries.map((e) => e.item.caseIdentifierUUID)).toEqual(ids);
          // Its own name, or that name numbered apart from a set already called so.
          expect(saved.name === shared.name || / \(\d+\)$/.test(saved.name)).toBe(true);
          expect(saved.note).toBe(shared.note);
          // And as stored on the device.
          const stored = JSON.parse(readStored('local', 'standards-explorer.sets')!) as {
            sets: Array<{ id: string; rows: Array<{ id: string }> }>;
          };
          expect(stored.sets.find((s) => s.id === id)!.rows.map((r) => r.id)).toEqual(ids);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('exports a CASE 1.1 package that meets the specification, with the data’s own identifiers', () => {
    const pkg = toCasePackage(SET, unit);
    const problems = checkCasePackage(pkg);
    expect(problems).toEqual([]);
    // The check itself catches what a CASE consumer refuses.
    const broken = structuredClone(pkg) as any;
    broken.CFItems[0].identifier = 'not-a-uuid';
    broken.CFItems[1].CFDocumentURI = broken.CFAssociations[0].destinationNodeURI;
    broken.CFAssociations[2].associationType = 'isChildOff';
    delete broken.CFDocument.creator;
    expect(checkCasePackage(broken)).toEqual(
      expect.arrayContaining([
        'CFItems[0].identifier is not a uuid',
        'CFItems[1].CFDocumentURI is not allowed',
        "CFAssociations[2].associationType is not in CASE's vocabulary",
        'CFDocument.creator is required',
      ]),
    );
    // The set's standards keep their CASE UUIDs and URIs; their groupings come along.
    const byId = new Map(pkg.CFItems.map((i) => [i.identifier, i]));
    for (const e of unit) {
      expect(byId.get(e.item.caseIdentifierUUID)?.uri).toBe(e.item.caseIdentifierURI);
      expect(byId.get(e.item.caseIdentifierUUID)?.humanCodingScheme).toBe(e.item.statementCode);
    }
    expect(pkg.CFItems.map((i) => i.humanCodingScheme ?? i.fullStatement).slice(0, 6)).toEqual([
      'Standards for Math Content',
      'Grade 3',
      'Number & Operations—Fractions',
      '3.NF.A',
      '3.NF.A.1',
      '3.NF.A.2',
    ]);
    // isChildOf in outline order: 3.NF.A.2.a is the first child of 3.NF.A.2, 3.NF.A.3 the third of the cluster.
    const assoc = (code: string) => pkg.CFAssociations.find((a) => byId.get(a.originNodeURI.identifier)?.humanCodingScheme === code)!;
    expect(assoc('3.NF.A.2.a')).toMatchObject({
      associationType: 'isChildOf',
      sequenceNumber: 1,
      destinationNodeURI: { title: '3.NF.A.2' },
    });
    expect(assoc('3.NF.A.3')).toMatchObject({ sequenceNumber: 3, destinationNodeURI: { identifier: CLUSTER_3NFA } });
    // The top grouping is a child of the set's document.
    expect(pkg.CFAssociations[0]!.destinationNodeURI.identifier).toBe(pkg.CFDocument.identifier);
    // CC BY 4.0 with the attribution.
    expect(pkg.CFDefinitions.CFLicenses).toHaveLength(1);
    expect(pkg.CFDefinitions.CFLicenses[0]!.uri).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(pkg.CFDefinitions.CFLicenses[0]!.licenseText).toContain(unit[0]!.item.attributionStatement);
    // Stable: the same set gives the same identifiers; another set another document.
    expect(toCasePackage(SET, unit)).toEqual(pkg);
    expect(toCasePackage({ ...SET, name: 'Renamed' }, unit).CFDocument.identifier).toBe(pkg.CFDocument.identifier);
    expect(toCasePackage({ ...SET, id: 'another' }, unit).CFDocument.identifier).not.toBe(pkg.CFDocument.identifier);
  });
});
