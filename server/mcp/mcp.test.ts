/**
 * The tool server through the SDK's own client, over Streamable HTTP (on the running
 * app) and stdio (`npm run mcp`), on the real data: each answer against the REST API's.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { PROJECT_ROOT, SAMPLE_DATA } from '../config';
import { LiveData } from '../live-data';
import { CC_MATH, DEFAULT_DATA, openApi, REAL_DATA, TEST_CACHE } from '../test-support/real-api';
import { listen } from '../test-support/listen';

const CC_3NFA1 = '6b9bf846-d7cc-11e8-824f-0242ac160002';
const CA_3NFA1 = '5ebef26f-d7cc-11e8-824f-0242ac160002';
const CA_MATH = 'c6487102-d7cb-11e8-824f-0242ac160002';
const CA_3NFA = '5ebe91dd-d7cc-11e8-824f-0242ac160002';

type Structured = {
  standards: Array<{
    code: string;
    caseIdentifierUUID: string;
    description: string;
    descriptionText: string;
    jurisdiction: string;
    gradeLevel: string[] | null;
    attributionStatement: string;
    subStandards: Array<{ code: string }>;
  }>;
};

async function connect(url: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: 'standards-explorer-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }));
  return client;
}

describe('the tool server over Streamable HTTP', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  let client: Client;
  let rest: (path: string) => Promise<any>;
  beforeAll(async () => {
    server = await listen((await openApi([...DEFAULT_DATA])).app.fetch);
    client = await connect(server.url);
    rest = async (path) => (await fetch(`${server.url}/api/v0${path}`)).json();
  });
  afterAll(async () => {
    await client?.close();
    await server.close();
  });

  it('lists the Knowledge Graph’s tools, each with an input and an output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'find_standard_statement',
        'find_standards_progression_from_standard',
        'find_learning_components_from_standard',
        'list_standards_for_mathematical_practice',
      ]),
    );
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.description!.length).toBeGreaterThan(80);
    }
  });

  it('find_standard_statement by code: the standard verbatim, with its CASE UUID and attribution, as the REST API has it', async () => {
    const r = await client.callTool({
      name: 'find_standard_statement',
      arguments: { code: '3.NF.A.1', academicSubject: 'Mathematics', jurisdiction: 'Multi-State' },
    });
    expect(r.isError).toBeFalsy();
    const { standards } = r.structuredContent as Structured;
    expect(standards.map((s) => s.caseIdentifierUUID)).toEqual([CC_3NFA1]);
    const item = await rest(`/academic-standards/${CC_3NFA1}`);
    expect(standards[0]).toMatchObject({
      code: '3.NF.A.1',
      description: item.description,
      attributionStatement: item.attributionStatement,
      subStandards: [],
    });
  });

  it('find_standards_for_text: a word problem in everyday words answers its standard with why, as the REST alignment ranks it', async () => {
    const text = 'A jacket costs $80. It is on sale for 25% off, then 8% sales tax is added. What do you pay?';
    const r = await client.callTool({ name: 'find_standards_for_text', arguments: { text, jurisdiction: 'Common Core', limit: 5 } });
    expect(r.isError).toBeFalsy();
    const { results } = r.structuredContent as {
      results: Array<{ statementCode: string; recognised: Array<{ concept: string }>; attributionStatement: string }>;
    };
    expect(results.map((x) => x.statementCode)).toContain('7.RP.A.3');
    expect(results.find((x) => x.statementCode === '7.RP.A.3')!.recognised.map((c) => c.concept)).toContain('percent');
    expect(results.every((x) => x.attributionStatement.length > 0)).toBe(true);
    const line = (r.content as Array<{ text: string }>)[0]!.text;
    expect(line).toMatch(/7\.RP\.A\.3 .*\[[0-9a-f-]{36}\]\n {2}why: recognised: percent \(/);
    // The nearest example of the bank, marked as written for Standards Explorer.
    const liked = (results as Array<{ likeExample?: { text: string; note: string } }>).find((x) => x.likeExample)!;
    expect(liked.likeExample!.note).toMatch(/not part of the standard/);
    expect(line).toMatch(/; like: “.+” \(an example written for Standards Explorer\)/);
    // A framework and a grade narrow it; no scope is a tool error that says what to give.
    const inGrade = await client.callTool({
      name: 'find_standards_for_text',
      arguments: { text, standardsFrameworkCaseIdentifierUUID: CC_MATH, gradeLevel: ['7'], limit: 3 },
    });
    expect(
      (inGrade.structuredContent as { results: Array<{ gradeLevel: string[] }> }).results.every((x) => x.gradeLevel.includes('7')),
    ).toBe(true);
    const unscoped = await client.callTool({ name: 'find_standards_for_text', arguments: { text } });
    expect(unscoped.isError).toBe(true);
    expect((unscoped.content as Array<{ text: string }>)[0]!.text).toMatch(/standardsFrameworkCaseIdentifierUUID .* or a jurisdiction/);
  });

  it('a code prefix answers the code and everything under it, in outline order, with components as subStandards', async () => {
    const r = await client.callTool({ name: 'find_standard_statement', arguments: { code: '3.NF.A', jurisdiction: 'California' } });
    const codes = (r.structuredContent as Structured).standards.map((s) => s.code);
    expect(codes.slice(0, 4)).toEqual(['3.NF.A', '3.NF.A.1', '3.NF.A.2', '3.NF.A.2.a']);
    expect(codes.every((c) => c === '3.NF.A' || c.startsWith('3.NF.A.'))).toBe(true);
    const a2 = (r.structuredContent as Structured).standards.find((s) => s.code === '3.NF.A.2')!;
    expect((a2.subStandards as Array<{ code: string }>).map((s) => s.code)).toEqual(['3.NF.A.2.a', '3.NF.A.2.b']);
  });

  it('keywords find standards whose text holds them', async () => {
    const r = await client.callTool({
      name: 'find_standard_statement',
      arguments: { keywords: ['equivalent', 'fractions'], academicSubject: 'Mathematics' },
    });
    const { standards } = r.structuredContent as Structured;
    expect(standards.length).toBeGreaterThan(0);
    expect(standards.slice(0, 5).every((s) => /equivalen|fraction/i.test(s.description))).toBe(true);
  });

  it('keywords are phrases, word forms allowed, best first, ten by default, narrowed by a grade given as a string', async () => {
    const find = async (args: Record<string, unknown>) => {
      const r = await client.callTool({ name: 'find_standard_statement', arguments: args });
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      return { standards: (r.structuredContent as Structured).standards, size: JSON.stringify(r).length };
    };
    const phrase = /\bunit fractions?\b|\bpartition(s|ed|ing)?\b/i;
    const all = await find({ keywords: ['unit fractions', 'partition'], limit: 50 });
    // Every answer holds one of the phrases; the words apart ("unit" here, "fractions" there) are not enough.
    expect(all.standards.length).toBeGreaterThan(10);
    for (const s of all.standards) expect(s.descriptionText, s.code).toMatch(phrase);
    // Holding both comes before holding one.
    const both = (s: { descriptionText: string }) =>
      /\bunit fractions?\b/i.test(s.descriptionText) && /\bpartition/i.test(s.descriptionText);
    const firstOne = all.standards.findIndex((s) => !both(s));
    expect(all.standards.slice(firstOne).some(both)).toBe(false);
    const byDefault = await find({ keywords: ['unit fractions', 'partition'] });
    expect(byDefault.standards.map((s) => s.caseIdentifierUUID)).toEqual(all.standards.slice(0, 10).map((s) => s.caseIdentifierUUID));
    // An assistant reads the whole answer: a default keyword answer, even for the broadest
    // words, stays within the bound docs/assistants.md states (30,000 characters in all).
    for (const keywords of [['unit fractions', 'partition'], ['fractions'], ['number'], ['equivalent', 'fractions']]) {
      const broad = await find({ keywords });
      expect(broad.standards).toHaveLength(10);
      expect(broad.size, keywords.join(' ')).toBeLessThan(30_000);
    }
    const grade3 = await find({ keywords: ['unit fractions'], gradeLevel: '3', jurisdiction: 'California' });
    expect(grade3.standards.length).toBeGreaterThan(0);
    for (const s of grade3.standards) expect(s.gradeLevel).toContain('3');
    expect((await find({ keywords: ['unit fractions'], gradeLevel: 3, jurisdiction: 'California' })).standards).toEqual(grade3.standards);
    const search = await client.callTool({ name: 'search_standards', arguments: { query: 'unit fractions', gradeLevel: '3' } });
    expect(search.isError, JSON.stringify(search.content)).toBeFalsy();
  });

  it('a jurisdiction or subject named as people write it finds what the API’s own name finds', async () => {
    const ids = async (args: Record<string, unknown>) => {
      const r = await client.callTool({ name: 'find_standard_statement', arguments: { code: '3.NF.A.1', ...args } });
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      return (r.structuredContent as Structured).standards.map((s) => s.caseIdentifierUUID);
    };
    expect(await ids({ jurisdiction: 'CA' })).toEqual([CA_3NFA1]);
    expect(await ids({ jurisdiction: 'california ' })).toEqual([CA_3NFA1]);
    expect(await ids({ jurisdiction: 'Common Core', academicSubject: 'math' })).toEqual([CC_3NFA1]);
    expect(await ids({ jurisdiction: 'multi-state', academicSubject: 'MATHEMATICS' })).toEqual([CC_3NFA1]);
    const frameworks = await client.callTool({ name: 'list_frameworks', arguments: { jurisdiction: 'ca', academicSubject: 'Maths' } });
    expect((frameworks.structuredContent as { frameworks: Array<{ caseIdentifierUUID: string }> }).frameworks).toEqual([
      expect.objectContaining({ caseIdentifierUUID: CA_MATH }),
    ]);
    const search = await client.callTool({ name: 'search_standards', arguments: { query: 'fractions', jurisdiction: 'CCSS' } });
    const results = (search.structuredContent as { results: Array<{ jurisdiction: string }> }).results;
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.jurisdiction === 'Multi-State')).toBe(true);
    // A name nobody uses still gets the API's message, which lists the names it takes.
    const unknown = await client.callTool({ name: 'find_standard_statement', arguments: { code: '3.NF.A.1', jurisdiction: 'Narnia' } });
    expect(unknown.isError).toBe(true);
    expect((unknown.content as Array<{ text: string }>)[0]!.text).toMatch(/California.*Multi-State.*got "Narnia"/s);
  });

  it('each item in a readable text carries the identifier the next tool takes, for assistants that show a model only the text', async () => {
    const text = async (name: string, args: Record<string, unknown>) => {
      const r = await client.callTool({ name, arguments: args });
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      const lines = (r.content as Array<{ text: string }>)[0]!.text.split('\n\n')[0]!.split('\n');
      return { lines, structured: r.structuredContent as Record<string, Array<Record<string, unknown>>> };
    };
    const withIds = [
      ['find_standard_statement', { keywords: ['equivalent fractions'] }, 'standards', 'caseIdentifierUUID'],
      [
        'find_standards_progression_from_standard',
        { caseIdentifierUUID: CC_3NFA1, direction: 'forward' },
        'standards',
        'caseIdentifierUUID',
      ],
      ['find_learning_components_from_standard', { caseIdentifierUUID: CA_3NFA1 }, 'learningComponents', 'identifier'],
      ['list_standards_for_mathematical_practice', {}, 'standards', 'caseIdentifierUUID'],
      ['search_standards', { query: 'area of a rectangle' }, 'results', 'caseIdentifierUUID'],
      ['list_children', { caseIdentifierUUID: CA_3NFA }, 'children', 'caseIdentifierUUID'],
      ['crosswalk', { caseIdentifierUUID: CA_3NFA1 }, 'crosswalks', 'caseIdentifierUUID'],
      ['list_frameworks', {}, 'frameworks', 'caseIdentifierUUID'],
    ] as const;
    for (const [name, args, field, id] of withIds) {
      const { lines, structured } = await text(name, args);
      const items = structured[field]!;
      expect(items.length, name).toBeGreaterThan(0);
      expect(lines, name).toEqual(items.map((i) => expect.stringMatching(new RegExp(`\\[${i[id]}\\]$`))));
    }
    const skill = (await text('find_learning_components_from_standard', { caseIdentifierUUID: CA_3NFA1 })).structured
      .learningComponents![0]!.identifier as string;
    const forSkill = await text('standards_for_learning_component', { identifier: skill });
    expect(forSkill.lines).toEqual(
      forSkill.structured.standards!.map((s) =>
        expect.stringMatching(new RegExp(`^${s.statementCode} \\(${s.jurisdiction}\\) — .*\\[${s.caseIdentifierUUID}\\]$`)),
      ),
    );
    // A list that mixes frameworks names each item's jurisdiction; the full text of a standard is whole.
    const found = await text('find_standard_statement', { code: '3.NF.A.1' });
    expect(found.lines.map((l) => l.replace(/ — .*/, ''))).toEqual(['3.NF.A.1 (California)', '3.NF.A.1 (Multi-State)']);
    const full = await text('get_standard', { caseIdentifierUUID: '5ec0f3b6-d7cc-11e8-824f-0242ac160002' });
    expect(full.lines[0]).toMatch(/ \[5ec0f3b6-d7cc-11e8-824f-0242ac160002\]$/);
    expect(full.lines).toContain('Skills:');
  });

  it('the progression backward and forward is the REST API’s prerequisites and builds-towards', async () => {
    for (const [direction, operation] of [
      ['backward', 'prerequisites'],
      ['forward', 'builds-towards'],
    ] as const) {
      const r = await client.callTool({
        name: 'find_standards_progression_from_standard',
        arguments: { caseIdentifierUUID: CC_3NFA1, direction },
      });
      const expected = (await rest(`/academic-standards/${CC_3NFA1}/${operation}?limit=100`)).data.map(
        (s: { caseIdentifierUUID: string }) => s.caseIdentifierUUID,
      );
      expect((r.structuredContent as Structured).standards.map((s) => s.caseIdentifierUUID)).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    }
  });

  it('the progression lists the data’s own standards (components only when asked), and a state standard’s derived through its identical match', async () => {
    const backward = async (args: Record<string, unknown>) =>
      (await client.callTool({ name: 'find_standards_progression_from_standard', arguments: { direction: 'backward', ...args } }))
        .structuredContent as Structured & { derivedThrough: { statementCode: string } | null };
    const cc4nfa1 = (await rest('/academic-standards/search?statementCode=4.NF.A.1&jurisdiction=Multi-State'))[0].caseIdentifierUUID;
    const plain = await backward({ caseIdentifierUUID: cc4nfa1 });
    // As the data links them: 3.NF.A.3, never its components .a–.d.
    expect(plain.standards.map((s) => s.code)).toEqual(['3.NF.A.3', '4.OA.A.2']);
    expect(plain.standards.every((s) => s.subStandards.length === 0)).toBe(true);
    expect(plain.derivedThrough).toBeNull();
    const parts = await backward({ caseIdentifierUUID: cc4nfa1, includeSubStandards: true });
    expect(parts.standards[0]!.subStandards.map((s) => s.code)).toEqual(['3.NF.A.3.a', '3.NF.A.3.b', '3.NF.A.3.c', '3.NF.A.3.d']);
    const ca = await backward({ caseIdentifierUUID: CA_3NFA1 });
    expect(ca.derivedThrough).toMatchObject({ statementCode: '3.NF.A.1', jurisdiction: 'Multi-State' });
    expect(ca.standards.map((s) => `${s.jurisdiction} ${s.code}`)).toEqual(['California 2.G.A.3', 'California 2.MD.A.2']);
  });

  it('learning components of a standard are the REST API’s, with attribution', async () => {
    const r = await client.callTool({ name: 'find_learning_components_from_standard', arguments: { caseIdentifierUUID: CA_3NFA1 } });
    const got = (r.structuredContent as { learningComponents: Array<{ identifier: string; attributionStatement: string }> })
      .learningComponents;
    const expected = (await rest(`/academic-standards/${CA_3NFA1}/learning-components?limit=1000`)).data;
    expect(got.map((l) => l.identifier)).toEqual(expected.map((l: { identifier: string }) => l.identifier));
    expect(got[0]!.attributionStatement).toContain('Achievement Network');
    // Common Core lists no skills of its own: the identical California standard's, marked; the text says so.
    const core = await client.callTool({ name: 'find_learning_components_from_standard', arguments: { caseIdentifierUUID: CC_3NFA1 } });
    const derived = core.structuredContent as { learningComponents: Array<{ identifier: string }>; derivedThrough: unknown };
    expect(derived.learningComponents.map((l) => l.identifier)).toEqual(got.map((l) => l.identifier));
    expect(derived.derivedThrough).toEqual([{ caseIdentifierUUID: CA_3NFA1, statementCode: '3.NF.A.1', jurisdiction: 'California' }]);
    expect((core.content as Array<{ text: string }>)[0]!.text).toMatch(
      /^Skills of California 3\.NF\.A\.1, which the crosswalk rates identical/,
    );
  });

  it('lists the eight Standards for Mathematical Practice from the data', async () => {
    const r = await client.callTool({ name: 'list_standards_for_mathematical_practice', arguments: {} });
    expect((r.structuredContent as Structured).standards.map((s) => s.code)).toEqual([
      'MP1',
      'MP2',
      'MP3',
      'MP4',
      'MP5',
      'MP6',
      'MP7',
      'MP8',
    ]);
  });

  it('the project’s own tools answer as the REST API does: frameworks, search with the app’s ranking, a standard in full, children page by page, a skill’s standards, crosswalks in words', async () => {
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = await client.callTool({ name, arguments: args }).catch((e: Error) => {
        throw new Error(`${name}: ${e.message}`);
      });
      expect(r.isError, `${name}: ${JSON.stringify(r.content)}`).toBeFalsy();
      return r.structuredContent as any;
    };
    const { frameworks } = await call('list_frameworks', { jurisdiction: 'California' });
    expect(frameworks.map((f: { caseIdentifierUUID: string }) => f.caseIdentifierUUID)).toEqual([CA_MATH]);

    const { results } = await call('search_standards', {
      query: 'unit fractions',
      standardsFrameworkCaseIdentifierUUID: CA_MATH,
      limit: 5,
    });
    const ranked = (await rest(`/standards-frameworks/${CA_MATH}/search?query=unit%20fractions&limit=5`)).data;
    expect(results.map((r: { caseIdentifierUUID: string }) => r.caseIdentifierUUID)).toEqual(
      ranked.map((r: { caseIdentifierUUID: string }) => r.caseIdentifierUUID),
    );
    const byCode = await call('search_standards', { query: '3.NF.A', standardsFrameworkCaseIdentifierUUID: CA_MATH, limit: 3 });
    expect(byCode.results.map((r: { statementCode: string }) => r.statementCode)).toEqual(['3.NF.A', '3.NF.A.1', '3.NF.A.2']);

    const full = await call('get_standard', { caseIdentifierUUID: CA_3NFA1 });
    expect(full.item.statementCode).toBe('3.NF.A.1');
    expect(full.ancestors.map((a: { statementCode: string | null; description: string }) => a.statementCode ?? a.description)).toContain(
      '3.NF.A',
    );
    expect(full.learningComponents.length).toBeGreaterThan(0);
    expect(full.crosswalks[0]).toMatchObject({ statementCode: '3.NF.A.1', strength: 'Identical skills' });
    // The readable text: math as plain text, the crosswalk and progression in words.
    const read = async (name: string, args: Record<string, unknown>) =>
      ((await client.callTool({ name, arguments: args })).content as Array<{ text: string }>)[0]!.text;
    const fullText = await read('get_standard', { caseIdentifierUUID: CA_3NFA1 });
    expect(fullText).toMatch(/^3\.NF\.A\.1 \(California\) — Understand a fraction 1\/b as/);
    expect(fullText).not.toMatch(/\\frac|\$/);
    expect(fullText).toContain('Crosswalks: 3.NF.A.1 (Multi-State, Identical skills, shares 2 of 2 skills)');
    // Derived as the app derives it, and marked: California's 3.NF.A.1 reads Common Core's progression.
    expect(full.progressionDerivedThrough).toEqual({
      caseIdentifierUUID: CC_3NFA1,
      statementCode: '3.NF.A.1',
      jurisdiction: 'Multi-State',
    });
    expect(full.buildsOn.map((s: { statementCode: string; jurisdiction: string }) => `${s.jurisdiction} ${s.statementCode}`)).toEqual([
      'California 2.G.A.3',
      'California 2.MD.A.2',
    ]);
    expect(fullText).toMatch(
      /\nBuilds on \(derived through Common Core 3\.NF\.A\.1 \[[0-9a-f-]{36}\], rated identical\): 2\.G\.A\.3, 2\.MD\.A\.2\n/,
    );
    // Common Core's 3.NF.A.1 has California's skills, marked so.
    const core = await call('get_standard', { caseIdentifierUUID: CC_3NFA1 });
    expect(core.learningComponents.map((l: { identifier: string }) => l.identifier)).toEqual(
      full.learningComponents.map((l: { identifier: string }) => l.identifier),
    );
    expect(core.learningComponentsDerivedThrough).toEqual([
      { caseIdentifierUUID: CA_3NFA1, statementCode: '3.NF.A.1', jurisdiction: 'California' },
    ]);
    expect(core.progressionDerivedThrough).toBeNull();
    // Example tasks, marked as written for Standards Explorer: Common Core's own, California's through its identical match.
    for (const standard of [core, full]) {
      expect(standard.exampleTasks.note).toMatch(
        /^Written for Standards Explorer as examples of this standard; not part of the standard\.$/,
      );
      expect(standard.exampleTasks.examples.length).toBeGreaterThanOrEqual(2);
      expect(standard.exampleTasks.examples[0]).toMatchObject({ form: 'word problem', text: expect.any(String) });
    }
    expect(full.exampleTasks.examples).toEqual(core.exampleTasks.examples);
    expect(fullText).toMatch(
      /\nExample tasks \(Written for Standards Explorer as examples of this standard; not part of the standard\.\):\n- /,
    );
    expect(await read('get_standard', { caseIdentifierUUID: CC_3NFA1 })).toMatch(
      /\nBuilds on: 2\.G\.A\.3, 2\.MD\.A\.2\nLeads to: .*3\.NF\.A\.3/,
    );
    expect(await read('search_standards', { query: 'equivalent fractions', limit: 4 })).toMatch(/\((California|Multi-State)\) — /);

    const first = await call('list_children', { caseIdentifierUUID: CA_MATH, limit: 2 });
    expect(first.children).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const next = await call('list_children', { caseIdentifierUUID: CA_MATH, limit: 2, cursor: first.nextCursor });
    expect(next.children[0].caseIdentifierUUID).not.toBe(first.children[0].caseIdentifierUUID);
    const cluster = await call('list_children', { caseIdentifierUUID: CA_3NFA });
    expect(cluster.children.map((c: { statementCode: string }) => c.statementCode)).toEqual(['3.NF.A.1', '3.NF.A.2', '3.NF.A.3']);
    const tooMany = await client.callTool({ name: 'list_children', arguments: { caseIdentifierUUID: CA_MATH, limit: 1000 } });
    expect(tooMany.isError).toBe(true);

    const skill = full.learningComponents[0].identifier;
    const { standards } = await call('standards_for_learning_component', { identifier: skill });
    expect(standards.map((s: { caseIdentifierUUID: string }) => s.caseIdentifierUUID)).toContain(CA_3NFA1);

    const { crosswalks } = await call('crosswalk', { caseIdentifierUUID: CA_3NFA1, minJaccardScore: 0.5 });
    expect(crosswalks[0]).toMatchObject({ strength: 'Identical skills', shared: expect.stringMatching(/^shares \d+ of \d+ skills?$/) });
    const cursorElsewhere = (await client.callTool({
      name: 'list_children',
      arguments: { caseIdentifierUUID: CA_MATH, cursor: 'eyJrIjoxfQ' },
    })) as { isError?: boolean; content: Array<{ text: string }> };
    expect(cursorElsewhere.isError).toBe(true);
    expect(cursorElsewhere.content[0]!.text).toMatch(/cursor/);
  });

  it('the lesson-planning skill’s sequence: a grade 4 lesson on equivalent fractions — the standard, its skills, what comes before', async () => {
    const found = await client.callTool({
      name: 'find_standard_statement',
      arguments: { keywords: ['equivalent', 'fractions'], academicSubject: 'Mathematics', jurisdiction: 'Multi-State' },
    });
    const standard = (found.structuredContent as Structured).standards.find((s) => s.code === '4.NF.A.1')!;
    expect(standard).toBeDefined();
    const skills = await client.callTool({
      name: 'find_learning_components_from_standard',
      arguments: { caseIdentifierUUID: standard.caseIdentifierUUID },
    });
    expect(skills.isError).toBeFalsy();
    const before = await client.callTool({
      name: 'find_standards_progression_from_standard',
      arguments: { caseIdentifierUUID: standard.caseIdentifierUUID, direction: 'backward' },
    });
    const codes = (before.structuredContent as Structured).standards.map((s) => s.code);
    expect(codes).toContain('3.NF.A.3');
    expect((before.content as Array<{ text: string }>)[0]!.text).toContain('attributionStatement');
  });

  it('bad input is a tool error that says what to change, and the server goes on serving', async () => {
    const cases = [
      [
        { name: 'find_standards_progression_from_standard', arguments: { caseIdentifierUUID: 'nope', direction: 'forward' } },
        /not a CASE UUID/,
      ],
      [
        { name: 'find_learning_components_from_standard', arguments: { caseIdentifierUUID: '00000000-0000-4000-8000-000000000000' } },
        /No standard|not found/i,
      ],
      [{ name: 'find_standard_statement', arguments: {} }, /exactly one of `code`/],
      [{ name: 'find_standard_statement', arguments: { code: 'x'.repeat(80) } }, /.+/],
      [{ name: 'find_standard_statement', arguments: { keywords: 'fractions' } }, /.+/],
      [
        { name: 'find_standard_statement', arguments: { code: '3.NF.Z.9', jurisdiction: 'Multi-State' } },
        /No standard has the code "3\.NF\.Z\.9".*Multi-State/,
      ],
      [{ name: 'find_standard_statement', arguments: { code: '3.NF.A.1', jurisdiction: 'Atlantis' } }, /jurisdiction/i],
      [
        { name: 'search_standards', arguments: { query: 'HSZ-QQ.B', standardsFrameworkCaseIdentifierUUID: CA_MATH } },
        /No standard has the code/,
      ],
      [{ name: 'search_standards', arguments: { query: '' } }, /.+/],
      [{ name: 'search_standards', arguments: { query: 'fractions '.repeat(60) } }, /.+/],
      [{ name: 'search_standards', arguments: { query: 'fractions', limit: 'ten' } }, /.+/],
      [{ name: 'get_standard', arguments: { caseIdentifierUUID: '6b9bf846-d7cc-11e8-824f-0242ac16000' } }, /UUID/],
    ] as const;
    for (const [call, message] of cases) {
      const r = (await client.callTool(call as never)) as { isError?: boolean; content: Array<{ text: string }> };
      expect(r.isError, JSON.stringify(call)).toBe(true);
      expect(r.content[0]!.text).toMatch(message);
      expect(r.content[0]!.text).not.toMatch(/\n\s+at /); // no stack trace
    }
    expect((await client.callTool({ name: 'list_standards_for_mathematical_practice', arguments: {} })).isError).toBeFalsy();
    // One token is a code or a word: "MP1" finds the practice by code, "area" by its words.
    // Words with a hyphen or a point in them are words, not a code.
    for (const query of ['multi-digit multiplication', 'two-dimensional shapes', 'decimals to 0.1']) {
      const r = await client.callTool({ name: 'search_standards', arguments: { query, jurisdiction: 'Multi-State' } });
      expect(r.isError, query).toBeFalsy();
      expect((r.structuredContent as { results: unknown[] }).results.length, query).toBeGreaterThan(0);
    }
    for (const query of ['MP1', 'area'])
      expect(
        (await client.callTool({ name: 'search_standards', arguments: { query, jurisdiction: 'Multi-State' } })).isError,
        query,
      ).toBeFalsy();
  });

  it('a request from another site’s page is refused, a DNS-rebound one too, and what is not MCP gets the protocol’s error, not HTML', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const evil = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...headers, origin: 'http://evil.example' },
      body: JSON.stringify(init),
    });
    expect(evil.status).toBe(403);
    // DNS rebinding: another site's name pointed at this server, so Origin and Host agree.
    const port = new URL(server.url).port;
    const post = (host: string, origin: string) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify(init);
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/mcp',
            method: 'POST',
            headers: { ...headers, host, origin, 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    expect(await post(`evil.example:${port}`, `http://evil.example:${port}`)).toBe(403);
    expect(await post(`127.0.0.1:${port}`, `http://127.0.0.1:${port}`)).toBe(200);
    expect(await post(`localhost:${port}`, `http://localhost:${port}`)).toBe(200);
    expect(await post(`localhost:${port}`, `http://localhost:${Number(port) + 1}`)).toBe(403);
    // Stateless: nothing to stream or end; a client is told once, not left reconnecting.
    for (const method of ['GET', 'DELETE']) {
      const r = await fetch(`${server.url}/mcp`, { method, headers: { accept: 'application/json, text/event-stream' } });
      expect(r.status, method).toBe(405);
      expect(r.headers.get('allow')).toBe('POST');
      expect(((await r.json()) as { jsonrpc: string }).jsonrpc).toBe('2.0');
    }
    const notJson = await fetch(`${server.url}/mcp`, { method: 'POST', headers, body: '<html>' });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.headers.get('content-type')).toMatch(/json/);
    expect(((await notJson.json()) as { jsonrpc: string }).jsonrpc).toBe('2.0');
  });
});

describe('the tool server while the data is prepared, and with a client that goes away', () => {
  it('says the data is being prepared, as the REST API does, and asks to call again', async () => {
    const server = await listen(createApp({ preparing: () => ({ percent: 40 }), logError: () => {} }).fetch);
    try {
      const client = await connect(server.url);
      const r = (await client.callTool({ name: 'find_standard_statement', arguments: { code: '3.NF.A.1' } })) as {
        isError?: boolean;
        content: Array<{ text: string }>;
      };
      expect(r.isError).toBe(true);
      expect(r.content[0]!.text).toMatch(
        /^The standards data is being prepared \(importing, 40 %\)\. Call the tool again in a few seconds\.$/,
      );
      await client.close();
    } finally {
      await server.close();
    }
  });

  it('a repeated call is answered from memory in the caller’s id, the same as the first; errors are never kept', async () => {
    const server = await listen((await openApi([...DEFAULT_DATA])).app.fetch);
    try {
      const headers = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      };
      const post = async (id: number, args: Record<string, unknown>) =>
        (await (
          await fetch(`${server.url}/mcp`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              jsonrpc: '2.0',
              id,
              method: 'tools/call',
              params: { name: 'find_standard_statement', arguments: args },
            }),
          })
        ).json()) as { id: number; result: { isError?: boolean; structuredContent?: unknown } };
      const first = await post(1, { jurisdiction: 'Multi-State', code: '3.NF.A.1' });
      const again = await post(2, { code: '3.NF.A.1', jurisdiction: 'Multi-State' });
      expect(again.id).toBe(2);
      expect(again.result).toEqual(first.result);
      expect((await post(3, {})).result.isError).toBe(true);
      expect((await post(4, {})).result.isError).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('a client that disconnects mid-call leaves the server serving', async () => {
    const server = await listen((await openApi([...DEFAULT_DATA])).app.fetch);
    try {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'find_standard_statement', arguments: { keywords: ['fractions'] } },
      });
      const headers = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      };
      for (let i = 0; i < 5; i++) {
        const abort = new AbortController();
        const pending = fetch(`${server.url}/mcp`, { method: 'POST', headers, body, signal: abort.signal }).catch((e: Error) => e);
        setTimeout(() => abort.abort(), i);
        await pending;
      }
      const client = await connect(server.url);
      const r = await client.callTool({ name: 'find_standard_statement', arguments: { code: '3.NF.A.1', jurisdiction: 'Multi-State' } });
      expect((r.structuredContent as Structured).standards[0]!.caseIdentifierUUID).toBe(CC_3NFA1);
      await client.close();
    } finally {
      await server.close();
    }
  });
});

describe('the tool server across a data update', () => {
  it('answers each call wholly from the old data or wholly from the new, never half of each', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcp-swap-data-'));
    const cacheDir = mkdtempSync(join(tmpdir(), 'mcp-swap-cache-'));
    cpSync(SAMPLE_DATA, dataDir, { recursive: true });
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => {}); // the data's own progress lines
    const data = new LiveData(
      { dataDirs: [dataDir], cacheDir, dataSource: 'STANDARDS_DATA', searchThreads: 0 },
      (store, searcher, preparing) => createApp({ store, searcher, preparing, logError: () => {} }),
    );
    try {
      await data.importAndSwap();
      // Items with children: get_standard reads each with its children in separate requests.
      const nodes = readFileSync(join(dataDir, 'nodes.jsonl'), 'utf8').split('\n').filter(Boolean);
      const rels = readFileSync(join(dataDir, 'relationships.jsonl'), 'utf8').split('\n').filter(Boolean);
      const caseOf = new Map(
        nodes
          .map((l) => JSON.parse(l) as { identifier: string; labels: string[]; properties: { caseIdentifierUUID: string } })
          .filter((n) => n.labels[0] === 'StandardsFrameworkItem')
          .map((n) => [n.identifier, n.properties.caseIdentifierUUID]),
      );
      const parents = [
        ...new Set(
          rels
            .map((l) => JSON.parse(l) as { label: string; source_identifier: string })
            .filter((r) => r.label === 'hasChild')
            .map((r) => caseOf.get(r.source_identifier)!),
        ),
      ].filter(Boolean);
      expect(parents.length).toBeGreaterThan(3);
      // The new release changes every description.
      writeFileSync(join(dataDir, 'nodes.jsonl'), nodes.map((l) => l.replace(/"description":"/g, '"description":"NEW ')).join('\n') + '\n');

      let id = 0;
      // Arguments of its own each call (the case of the UUID), so no answer comes from memory.
      const randomCase = (uuid: string) => [...uuid].map((ch) => (Math.random() < 0.5 ? ch.toUpperCase() : ch)).join('');
      const callGetStandard = async (caseIdentifierUUID: string) => {
        const response = await data.fetch(
          new Request('http://127.0.0.1/mcp', {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', host: '127.0.0.1' },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: ++id,
              method: 'tools/call',
              params: { name: 'get_standard', arguments: { caseIdentifierUUID: randomCase(caseIdentifierUUID) } },
            }),
          }),
        );
        const { result } = (await response.json()) as {
          result: {
            isError?: boolean;
            structuredContent: { item: { description: string }; children: Array<{ description: string | null }> };
          };
        };
        expect(result.isError, JSON.stringify(result)).toBeFalsy();
        return result.structuredContent;
      };
      const kinds = { old: 0, new: 0 };
      let stop = false;
      const load = async (client: number) => {
        for (let i = client; !stop; i++) {
          const { item, children } = await callGetStandard(parents[i % parents.length]!);
          const isNew = item.description.startsWith('NEW ');
          for (const c of children) if (c.description) expect(c.description.startsWith('NEW '), 'a child from the other data').toBe(isNew);
          kinds[isNew ? 'new' : 'old']++;
          await new Promise((r) => setImmediate(r));
        }
      };
      const clients = Array.from({ length: 4 }, (_, c) => load(c));
      await data.importAndSwap();
      await expect.poll(() => kinds.new, { timeout: 10_000 }).toBeGreaterThan(8);
      stop = true;
      await Promise.all(clients);
      expect(kinds.old).toBeGreaterThan(0);
    } finally {
      await data.close();
      for (const d of [dataDir, cacheDir]) rmSync(d, { recursive: true, force: true });
      quiet.mockRestore();
    }
  });
});

describe('the tool server over HTTP during the first import', () => {
  it('holds a tool call until the data is served, while other requests answer at once', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'mcp-first-http-'));
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => {});
    const data = new LiveData(
      { dataDirs: [SAMPLE_DATA], cacheDir, dataSource: 'STANDARDS_DATA', searchThreads: 0, toolCallWait: 60 },
      (store, searcher, preparing) => createApp({ store, searcher, preparing, logError: () => {} }),
    );
    const rpc = (method: string, params: unknown) =>
      data.fetch(
        new Request('http://127.0.0.1/mcp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', host: '127.0.0.1' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        }),
      );
    try {
      expect(data.ready).toBe(false);
      // The REST API still says "being prepared" at once.
      expect((await data.fetch(new Request('http://127.0.0.1/api/v0/standards-frameworks'))).status).toBe(503);
      const call = rpc('tools/call', { name: 'list_frameworks', arguments: {} });
      const importing = data.importAndSwap();
      const { result } = (await (await call).json()) as { result: { isError?: boolean; structuredContent: { frameworks: unknown[] } } };
      expect(data.ready).toBe(true);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent.frameworks.length).toBeGreaterThan(0);
      await importing;
    } finally {
      await data.close();
      rmSync(cacheDir, { recursive: true, force: true });
      quiet.mockRestore();
    }
  });
});

describe('the tool server with API keys', () => {
  it('asks for one of the keys, in x-api-key or Authorization: Bearer', async () => {
    const server = await listen((await openApi(REAL_DATA, { apiKeys: ['k-one'] })).app.fetch);
    try {
      await expect(connect(server.url)).rejects.toThrow();
      for (const headers of [{ 'x-api-key': 'k-one' }, { authorization: 'Bearer k-one' }] as Array<Record<string, string>>) {
        const client = await connect(server.url, headers);
        const r = await client.callTool({ name: 'find_standard_statement', arguments: { code: '3.NF.A.1', jurisdiction: 'Multi-State' } });
        expect((r.structuredContent as Structured).standards[0]!.caseIdentifierUUID).toBe(CC_3NFA1);
        await client.close();
      }
    } finally {
      await server.close();
    }
  });
});

describe('the tool server in proxy mode', () => {
  it('answers from the hosted REST service with the server’s key, which no caller sends and no answer holds', async () => {
    // The hosted service stood in for by the real local API under its own key.
    const HOSTED_KEY = 'hosted-service-key-0123456789';
    const hosted = (await openApi([...DEFAULT_DATA], { apiKeys: [HOSTED_KEY] })).app;
    const keysSeen: Array<string | undefined> = [];
    const upstream = await listen((request: Request) => {
      keysSeen.push(request.headers.get('x-api-key') ?? undefined);
      return hosted.fetch(request);
    });
    const proxied = createApp({
      proxy: { baseUrl: `${upstream.url}/api/v0`, apiKey: HOSTED_KEY, timeoutMs: 5000 },
      apiKeys: ['caller-key'],
      logError: () => {},
    });
    const server = await listen(proxied.fetch);
    const local = await listen((await openApi([...DEFAULT_DATA])).app.fetch);
    try {
      await expect(connect(server.url)).rejects.toThrow();
      const client = await connect(server.url, { 'x-api-key': 'caller-key' });
      const direct = await connect(local.url);
      // What the contract serves, the same through the hosted service as from the local data.
      for (const [name, args] of [
        ['find_standard_statement', { code: '3.NF.A', jurisdiction: 'California' }],
        ['find_standard_statement', { code: '2.OA', academicSubject: 'Mathematics', jurisdiction: 'Multi-State' }],
        ['list_standards_for_mathematical_practice', {}],
        ['find_learning_components_from_standard', { caseIdentifierUUID: CA_3NFA1 }],
        ['search_standards', { query: '3.NF.A', standardsFrameworkCaseIdentifierUUID: CA_MATH }],
        // Derived facts, made of the contract's own operations: the same through the hosted service.
        ['find_learning_components_from_standard', { caseIdentifierUUID: CC_3NFA1 }],
        ['find_standards_progression_from_standard', { caseIdentifierUUID: CA_3NFA1, direction: 'backward' }],
        ['get_standard', { caseIdentifierUUID: CA_3NFA1 }],
      ] as const) {
        const viaProxy = await client.callTool({ name, arguments: args });
        expect(viaProxy.isError, name).toBeFalsy();
        expect(JSON.stringify(Object.values(viaProxy.structuredContent!)[0]), name).not.toBe('[]');
        // (The hosted service has no ancestors operation: get_standard's are empty there, as documented.)
        const same = (r: object) => (name === 'get_standard' ? { ...r, ancestors: undefined } : r);
        expect(same(viaProxy.structuredContent!), name).toEqual(
          same((await direct.callTool({ name, arguments: args })).structuredContent!),
        );
        expect(JSON.stringify(viaProxy)).not.toContain(HOSTED_KEY);
      }
      // Words: the hosted service has no framework search, so the tool ranks as the app does
      // against it: the contract's search, hits holding every word first, kept to the framework.
      const words = await client.callTool({
        name: 'search_standards',
        arguments: { query: 'equivalent fractions', standardsFrameworkCaseIdentifierUUID: CA_MATH, limit: 5 },
      });
      const results = (words.structuredContent as { results: Array<{ jurisdiction: string; description: string }> }).results;
      expect(results).toHaveLength(5);
      for (const r of results) expect(r.jurisdiction).toBe('California');
      expect(results[0]!.description).toMatch(/equivalent/i);
      expect(results[0]!.description).toMatch(/fraction/i);
      const unknown = await client.callTool({
        name: 'get_standard',
        arguments: { caseIdentifierUUID: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.isError).toBe(true);
      expect(JSON.stringify(unknown)).not.toContain(HOSTED_KEY);
      expect(keysSeen.length).toBeGreaterThan(0);
      expect(new Set(keysSeen)).toEqual(new Set([HOSTED_KEY]));
      await client.close();
      await direct.close();
    } finally {
      await Promise.all([server.close(), local.close(), upstream.close()]);
    }
  });
});

describe('the tool server over stdio (npm run mcp)', () => {
  it('serves the local data to an assistant launching the README’s command from elsewhere, logging only to stderr', async () => {
    const client = new Client({ name: 'standards-explorer-tests', version: '1.0.0' });
    // The README's configuration, as a desktop assistant runs it: from its own folder.
    const transport = new StdioClientTransport({
      command: 'npm',
      args: ['run', '--silent', 'mcp', '--prefix', PROJECT_ROOT],
      cwd: tmpdir(),
      env: { ...process.env, STANDARDS_CACHE_DIR: TEST_CACHE, LC_API_KEY: '', STANDARDS_API_KEYS: '' } as Record<string, string>,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await client.connect(transport);
    try {
      // Resolve, read and connect: the lesson-planning sequence's three steps.
      const found = await client.callTool({
        name: 'find_standard_statement',
        arguments: { code: '3.NF.A.1', jurisdiction: 'Multi-State' },
      });
      expect((found.structuredContent as Structured).standards[0]!.caseIdentifierUUID).toBe(CC_3NFA1);
      const read = await client.callTool({ name: 'get_standard', arguments: { caseIdentifierUUID: CA_3NFA1 } });
      expect((read.structuredContent as { learningComponents: unknown[] }).learningComponents.length).toBeGreaterThan(0);
      const next = await client.callTool({
        name: 'find_standards_progression_from_standard',
        arguments: { caseIdentifierUUID: CC_3NFA1, direction: 'forward' },
      });
      expect((next.structuredContent as Structured).standards.length).toBeGreaterThan(0);
      expect(stderr).toMatch(/tool server on stdio/);
    } finally {
      await client.close();
    }
  }, 60_000);

  /** The stdio tool server on a first run (nothing imported yet), its output collected. */
  async function firstRun(env: Record<string, string>, test: (client: Client, stderr: () => string) => Promise<void>) {
    const cache = mkdtempSync(join(tmpdir(), 'mcp-first-run-'));
    const client = new Client({ name: 'standards-explorer-tests', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', join(PROJECT_ROOT, 'server', 'mcp', 'stdio.ts')],
      cwd: PROJECT_ROOT,
      env: { ...process.env, STANDARDS_CACHE_DIR: cache, LC_API_KEY: '', STANDARDS_API_KEYS: '', ...env } as Record<string, string>,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await client.connect(transport);
      // Connected, and the tools listed, before the import has finished.
      expect((await client.listTools()).tools.length).toBeGreaterThan(5);
      expect(stderr).not.toMatch(/Imported in/);
      await test(client, () => stderr);
    } finally {
      await client.close();
      rmSync(cache, { recursive: true, force: true });
    }
  }
  const codeCall = (client: Client) =>
    client.callTool({ name: 'find_standard_statement', arguments: { code: '3.NF.A.1', jurisdiction: 'Multi-State' } }) as Promise<{
      isError?: boolean;
      structuredContent?: unknown;
      content: Array<{ text: string }>;
    }>;

  it('answers an assistant at once on a first run, and a first tool call waits for the import to answer with the data', async () => {
    // The bound is set well past this machine's import so the test is about waiting, not about speed.
    await firstRun({ STANDARDS_TOOL_WAIT: '80' }, async (client, stderr) => {
      const first = await codeCall(client);
      expect(stderr()).toMatch(/Imported in/);
      expect(first.isError).toBeFalsy();
      expect((first.structuredContent as Structured).standards[0]!.caseIdentifierUUID).toBe(CC_3NFA1);
    });
  }, 120_000);

  it('says the data is being prepared only past the wait, and then answers once it is', async () => {
    await firstRun({ STANDARDS_TOOL_WAIT: '0' }, async (client, stderr) => {
      const first = await codeCall(client);
      expect(first.isError).toBe(true);
      expect(first.content[0]!.text).toMatch(/being prepared.*Call the tool again/s);
      await vi.waitFor(() => expect(stderr()).toMatch(/Imported in/), { timeout: 60_000, interval: 100 });
      const later = await codeCall(client);
      expect((later.structuredContent as Structured).standards[0]!.caseIdentifierUUID).toBe(CC_3NFA1);
    });
  }, 90_000);
});
