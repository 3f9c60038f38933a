/**
 * One truth on every surface, over the whole carried data: for every California standard
 * the crosswalk rates identical to a Common Core one, the app's queries, the local API's
 * extension, the tool server and the JSON export give the same derived progression and
 * skills, each marked with what it was derived through; the search index holds the same
 * skills; every crosswalk's stated count matches the skills it names.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crosswalkEvidence } from '../../contract/derived/crosswalk-evidence';
import type { DerivedConnections } from '../../contract/derived/derived-connections';
import type { StandardsItem } from '../../contract/schemas';
import { CA_MATH, CC_MATH, DEFAULT_DATA, openApi } from '../../server/test-support/real-api';
import { listen } from '../../server/test-support/listen';
import { memoryStore } from '../lib/key-value-store';
import { inPool } from '../lib/paging';
import { useSavedStoreForTests } from '../lib/saved-standards';
import { toJsonExport, type ExportEntry } from '../lib/export-entries';
import { derivedNeighboursOptions, derivedSkillsOptions } from './derived-connections';
import { withExportDetails } from './export-details';
import { standardSkillsOptions } from './skills';

type Json = Record<string, any>;
const ids = (list: ReadonlyArray<{ caseIdentifierUUID: string }>) => list.map((s) => s.caseIdentifierUUID).sort();
const skillIds = (list: ReadonlyArray<{ identifier: string }>) => list.map((s) => s.identifier);

describe('derived facts on every surface, over the whole carried data', () => {
  let api: Awaited<ReturnType<typeof openApi>>;
  let server: Awaited<ReturnType<typeof listen>>;
  let source: { baseUrl: string };
  let client: QueryClient;
  let mcp: Client;
  const rest = async (path: string) => (await api.get(`/api/v0${path}`)).body as Json;
  const tool = async (name: string, args: Json) => {
    const r = await mcp.callTool({ name, arguments: args });
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
    return r.structuredContent as Json;
  };
  /** A framework's items, as an export takes them. */
  const entriesOf = async (framework: string): Promise<ExportEntry[]> => {
    const items: StandardsItem[] = [];
    for (let cursor: string | null = null; ;) {
      const page: Json = await rest(
        `/academic-standards?standardsFrameworkCaseIdentifierUUID=${framework}&limit=1000${cursor ? `&cursor=${cursor}` : ''}`,
      );
      items.push(...page.data);
      if (!page.pagination.hasMore) break;
      cursor = encodeURIComponent(page.pagination.nextCursor);
    }
    return items.map((item) => ({ item, framework: { caseIdentifierUUID: framework, name: null }, path: [] }));
  };
  /** The JSON export of a framework's standards with their details, by item. */
  const exported = async (framework: string) => {
    const { entries } = await withExportDetails(client, source, await entriesOf(framework));
    const json = JSON.parse(toJsonExport(entries, 'all')) as { items: Json[] };
    return new Map(json.items.map((i) => [i.caseIdentifierUUID as string, i]));
  };
  /** Every crosswalk of the carried data, state side first. */
  let pairs: Array<{ state: string; core: string }>;

  beforeAll(async () => {
    api = await openApi([...DEFAULT_DATA]);
    server = await listen(api.app.fetch);
    source = { baseUrl: `${server.url}/api/v0` };
    useSavedStoreForTests(memoryStore());
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    mcp = new Client({ name: 'standards-explorer-tests', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    const rows = await rest(`/standards-frameworks/${CA_MATH}/connections?operation=crosswalks&limit=1000`);
    expect(rows.pagination.hasMore).toBe(false);
    pairs = rows.data.map((r: Json) => ({ state: r.standardCaseIdentifierUUID, core: r.caseIdentifierUUID }));
  });
  afterAll(async () => {
    await mcp?.close();
    await server?.close();
  });

  it('a state standard’s progression derived through its identical match: the same in the app, the API, the tool server and the JSON export', async () => {
    const identical = (await rest(`/standards-frameworks/${CA_MATH}/connections?operation=crosswalks&minJaccardScore=1&limit=1000`))
      .data as Json[];
    expect(identical.length).toBe(587);
    const exports = await exported(CA_MATH);
    let withProgression = 0;
    await inPool(identical, 8, async (x) => {
      const id = x.standardCaseIdentifierUUID as string;
      const fromApi = (await rest(`/academic-standards/${id}/derived-connections`)) as DerivedConnections;
      const fromApp = await client.fetchQuery(derivedNeighboursOptions(client, source, id, 'California'));
      const fromTool = await tool('get_standard', { caseIdentifierUUID: id });
      const fromExport = exports.get(id)!;
      const buildsOn = ids(fromApi.buildsOn);
      const leadsTo = ids(fromApi.leadsTo);
      expect(ids(fromApp.buildsOn.map((d) => d.standard)), id).toEqual(buildsOn);
      expect(ids(fromApp.leadsTo.map((d) => d.standard)), id).toEqual(leadsTo);
      expect(ids(fromTool.buildsOn), id).toEqual(buildsOn);
      expect(ids(fromTool.leadsTo), id).toEqual(leadsTo);
      expect(ids(fromExport.buildsOn), id).toEqual(buildsOn);
      expect(ids(fromExport.leadsTo), id).toEqual(leadsTo);
      // Marked as derived, through the same Common Core standard, on every surface.
      const via = x.caseIdentifierUUID;
      expect(fromApi.progressionDerivedThrough?.caseIdentifierUUID, id).toBe(via);
      expect(fromApp.via?.caseIdentifierUUID, id).toBe(via);
      expect(fromTool.progressionDerivedThrough?.caseIdentifierUUID, id).toBe(via);
      if (buildsOn.length || leadsTo.length) {
        withProgression++;
        expect(fromExport.progressionDerivedThrough?.caseIdentifierUUID, id).toBe(via);
      }
      // Every derived entry names the Common Core standard it stands for.
      for (const s of [...fromApi.buildsOn, ...fromApi.leadsTo]) expect(s.commonCore, id).toBeDefined();
    });
    expect(withProgression).toBeGreaterThan(400);
  }, 300_000);

  it('a Common Core standard’s skills through its identical state standards: the same in the app, the API, the tool server, the JSON export and the search index', async () => {
    const cores = [...new Set(pairs.map((p) => p.core))];
    const exports = await exported(CC_MATH);
    const searchable = api.store.searchableItems(api.store.frameworkRank(CC_MATH)!);
    const indexed = new Map<string, string[]>();
    searchable.items.forEach((row) => {
      const uuid = (JSON.parse(row.json.toString('utf8')) as StandardsItem).caseIdentifierUUID;
      indexed.set(uuid, [...new Set(searchable.skills.filter((s) => s.seq === row.seq).map((s) => s.identifier))]);
    });
    let derived = 0;
    await inPool(cores, 8, async (id) => {
      const fromApi = (await rest(`/academic-standards/${id}/derived-connections`)) as DerivedConnections;
      const fromApp = await client.fetchQuery(derivedSkillsOptions(client, source, id));
      const fromTool = await tool('find_learning_components_from_standard', { caseIdentifierUUID: id });
      const fromExport = exports.get(id)!;
      const skills = skillIds(fromApi.learningComponents);
      expect(skillIds(fromApp.skills), id).toEqual(skills);
      expect(skillIds(fromTool.learningComponents), id).toEqual(skills);
      expect(skillIds(fromExport.learningComponents ?? []), id).toEqual(skills);
      expect(indexed.get(id), id).toEqual(skills);
      const through = fromApi.learningComponentsDerivedThrough;
      expect(fromApp.derivedThrough ?? null, id).toEqual(through);
      expect(fromTool.derivedThrough, id).toEqual(through);
      expect(fromExport.learningComponentsDerivedThrough ?? null, id).toEqual(through);
      if (through) {
        derived++;
        // Derived skills are exactly the listed skills of the standards named.
        const theirs = await Promise.all(through.map((t) => client.fetchQuery(standardSkillsOptions(source, t.caseIdentifierUUID))));
        expect(new Set(skills), id).toEqual(new Set(theirs.flat().map((s) => s.identifier)));
      } else expect(skills, id).toEqual([]);
    });
    expect(derived).toBe(cores.length);
    // Search finds a Common Core standard through a derived skill and says whose it is.
    const found = await rest(`/standards-frameworks/${CC_MATH}/search?query=identify%20a%20fraction&limit=5`);
    expect(found.data[0].statementCode).toBe('3.NF.A.1');
    expect(found.matches[0].viaSkill.through).toBe('California 3.NF.A.1');
  }, 300_000);

  it('every crosswalk states counts that match the skills it names, from either end', async () => {
    expect(pairs).toHaveLength(591);
    let named = 0;
    let corrected = 0;
    await inPool(pairs, 8, async ({ state, core }) => {
      const listed = await client.fetchQuery(standardSkillsOptions(source, state));
      for (const asked of [state, core]) {
        const answer = (await rest(`/academic-standards/${asked}/derived-connections`)) as DerivedConnections;
        const x = answer.crosswalks.find((c) => c.caseIdentifierUUID === (asked === state ? core : state))!;
        const { evidence } = x;
        // The app states it so too, from the list or from the API's count.
        const app = crosswalkEvidence(x, listed);
        expect([app.shared, app.union]).toEqual([evidence.sharedLCCount, evidence.unionLCCount]);
        expect(crosswalkEvidence(x, null).shared).toBe(evidence.sharedLCCount);
        if (evidence.sharedLearningComponents) {
          named++;
          expect(evidence.sharedLearningComponents).toHaveLength(evidence.sharedLCCount);
          expect(evidence.sharedLearningComponents).toEqual(skillIds(listed));
        }
        if (x.jaccard >= 0.999) {
          // Identical: every listed skill is shared, and the counts say so.
          expect([evidence.sharedLCCount, evidence.unionLCCount], `${x.statementCode}`).toEqual([listed.length, listed.length]);
        }
        if (evidence.recordCounts) corrected++;
      }
    });
    // 51 crosswalks whose record counts differ from the listed skills, seen from both ends.
    expect(corrected).toBe(102);
    expect(named).toBeGreaterThanOrEqual(2 * 587);
  }, 300_000);
});
