/**
 * This project's own tools beside the Knowledge Graph's: frameworks, search with the
 * app's ranking, a standard in full, children page by page, the standards a skill
 * supports, and crosswalks with their strength in words. Arguments take the REST API's
 * parameter names; every result is bounded (a page and a cursor) and carries attribution.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import { isIdentical, strengthWord } from '../../contract/alignment-strength';
import { EXAMPLES_NOTE } from '../../contract/search/examples';
import { exampleBank } from '../search/example-bank';
import { derivedConnections, evidenceAnswer, evidenceText, withEvidence } from '../../contract/derived/derived-connections';
import { skillsFoundInNote } from '../../contract/derived/through-matches';
import { readerFor, throughText } from './derived-reader';
import { sortSiblings } from '../../contract/natural-sort';
import type { Framework, Page, StandardsItem } from '../../contract/schemas';
import { UUID_PATTERN } from '../../contract/uuid';
import { toPlainText } from '../../contract/plain-text';
import { frameworksFor, searchFrameworks, unknownCode, type FrameworkLists } from './framework-search';
import { itemLine, skillLine } from './item-lines';
import { skillOf, skillSchema, throughSchema } from './knowledge-graph-tools';
import { getJson, query, ToolInputError, type CallApi } from './rest-calls';
import { jurisdictionNamed, subjectNamed } from './scope-names';
import { toolResult } from './tool-result';
import { gradeArgument, gradesOf } from './grades-argument';

export const uuid = (what: string) =>
  z
    .string()
    .max(100)
    .describe(`${what} (a UUID)`)
    .refine((v) => UUID_PATTERN.test(v), { message: `${what} must be a UUID such as 6b9bf846-d7cc-11e8-824f-0242ac160002` });
const limit = (max: number, fallback: number) =>
  z.number().int().min(1).max(max).default(fallback).describe(`How many to return (1–${max}, default ${fallback}).`);
const cursor = z.string().max(512).optional().describe('The `nextCursor` of the previous page, unchanged; leave out for the first page.');

export const itemBrief = z.object({
  caseIdentifierUUID: z.string(),
  statementCode: z.string().nullable(),
  description: z.string().nullable(),
  descriptionText: z.string().nullable(),
  normalizedStatementType: z.string().nullable(),
  gradeLevel: z.array(z.string()).nullable(),
  jurisdiction: z.string().nullable(),
  hasChildren: z.boolean(),
  attributionStatement: z.string(),
});
const brief = (i: StandardsItem): z.infer<typeof itemBrief> => ({
  caseIdentifierUUID: i.caseIdentifierUUID,
  statementCode: i.statementCode,
  description: i.description,
  descriptionText: toPlainText(i.description),
  normalizedStatementType: i.normalizedStatementType,
  gradeLevel: i.gradeLevel,
  jurisdiction: i.jurisdiction,
  hasChildren: i.hasChildren,
  attributionStatement: i.attributionStatement,
});
const inOneFramework = (i: Parameters<typeof itemLine>[0]) => itemLine(i, { jurisdiction: false });
const codes = (items: ReadonlyArray<{ statementCode?: unknown }>) => items.map((i) => i.statementCode ?? '(no code)').join(', ');
/** A page a model can read whole (the REST API's pages go to 1,000). */
const MOST_PER_PAGE = 200;
const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
const pagination = { nextCursor: z.string().nullable(), hasMore: z.boolean() };

export function registerExplorerTools(server: McpServer, call: CallApi, lists: FrameworkLists | null) {
  server.registerTool(
    'list_frameworks',
    {
      title: 'Standards frameworks',
      description:
        'The current standards frameworks (Common Core Math, California Math, …), optionally of one `jurisdiction` or `academicSubject`. Returns `frameworks` with their caseIdentifierUUID (pass it as standardsFrameworkCaseIdentifierUUID to search_standards), name, jurisdiction, subject and attribution.',
      inputSchema: {
        jurisdiction: z.string().max(100).optional(),
        academicSubject: z.string().max(50).optional(),
        limit: limit(MOST_PER_PAGE, 100),
        cursor,
      },
      outputSchema: {
        frameworks: z.array(
          z.object({
            caseIdentifierUUID: z.string(),
            name: z.string().nullable(),
            jurisdiction: z.string().nullable(),
            academicSubject: z.string().nullable(),
            attributionStatement: z.string(),
          }),
        ),
        ...pagination,
      },
      annotations: readOnly,
    },
    async ({ jurisdiction, academicSubject, limit: n, cursor: c }) =>
      toolResult(async () => {
        const page = await getJson<Page<Framework>>(
          call,
          `/standards-frameworks${query({ jurisdiction: jurisdictionNamed(jurisdiction), academicSubject: subjectNamed(academicSubject), limit: n, cursor: c })}`,
        );
        const frameworks = page.data.map((f) => ({
          caseIdentifierUUID: f.caseIdentifierUUID,
          name: f.name,
          jurisdiction: f.jurisdiction,
          academicSubject: f.academicSubject,
          attributionStatement: f.attributionStatement,
        }));
        return {
          structured: { frameworks, nextCursor: page.pagination.nextCursor, hasMore: page.pagination.hasMore },
          text:
            frameworks.map((f) => `${f.name} (${f.jurisdiction}, ${f.academicSubject}) [${f.caseIdentifierUUID}]`).join('\n') ||
            'No framework matches.',
        };
      }),
  );

  server.registerTool(
    'search_standards',
    {
      title: 'Search standards',
      description:
        'Searches standards by words ("adding fractions with unlike denominators") or a code or code prefix ("3.NF"), best match first, with the ranking the Standards Explorer app uses. Narrow by `standardsFrameworkCaseIdentifierUUID` (from list_frameworks) or `jurisdiction`, `gradeLevel` and `normalizedStatementType` ("Standard", "Standard Grouping"). Returns up to `limit` (≤ 50) `results`: brief items with attribution; use get_standard for one in full.',
      inputSchema: {
        query: z.string().min(1).max(500).describe('Words, or a code such as 3.NF.A.1, or a code prefix such as 3.NF.'),
        standardsFrameworkCaseIdentifierUUID: uuid('A framework').optional(),
        jurisdiction: z.string().max(100).optional(),
        gradeLevel: gradeArgument,
        normalizedStatementType: z.enum(['Standard', 'Standard Grouping', 'Other']).optional(),
        limit: limit(50, 10),
      },
      outputSchema: { results: z.array(itemBrief) },
      annotations: readOnly,
    },
    async ({
      query: text,
      standardsFrameworkCaseIdentifierUUID: framework,
      jurisdiction: jurisdictionWritten,
      gradeLevel: grades,
      normalizedStatementType,
      limit: n,
    }) =>
      toolResult(async () => {
        const jurisdiction = jurisdictionNamed(jurisdictionWritten);
        const looksLikeCode = /^[A-Za-z0-9]+([.-][A-Za-z0-9]+)+$|^[A-Z]{1,4}\d*$/.test(text.trim());
        const frameworks = framework ? [framework] : (await frameworksFor(call, undefined, jurisdiction)).map((f) => f.caseIdentifierUUID);
        const filters = { gradeLevel: gradesOf(grades), normalizedStatementType, limit: n, jurisdiction };
        let results = looksLikeCode ? await searchFrameworks(call, lists, frameworks, { code: text.trim(), ...filters }) : [];
        // Words are searched as words ("multi-digit multiplication"); one token that looked
        // like a code and found none ("MP1", "AREA") may be a word as well.
        if (!results.length && (!looksLikeCode || !/[.-]/.test(text)))
          results = await searchFrameworks(call, lists, frameworks, { words: text, ...filters });
        if (!results.length && looksLikeCode && !filters.gradeLevel.length && !normalizedStatementType)
          throw unknownCode(text.trim(), [framework ? 'this framework' : jurisdiction]);
        const shown = results.slice(0, n).map(brief);
        return {
          structured: { results: shown },
          text: shown.map((i) => itemLine(i)).join('\n') || 'Nothing matches: try other words, a shorter code, or no grade.',
        };
      }),
  );

  server.registerTool(
    'get_standard',
    {
      title: 'One standard in full',
      description:
        'A standard (or grouping) in full: its item, the headings above it (`ancestors`, top first), its children in brief (first 100), its skills (learning components), its crosswalks with strength in words and the evidence (`shares N of M skills`, the shared skills where the data pins them down), and its progression in brief (`buildsOn`, `leadsTo`). The app’s derived facts, marked: a state standard’s progression read through its identical Common Core match (`progressionDerivedThrough`), a standard’s skills taken from the standards the crosswalk rates identical (`learningComponentsDerivedThrough`), or where skills are listed instead (`learningComponentsFoundIn`). Give its caseIdentifierUUID.',
      inputSchema: { caseIdentifierUUID: uuid('The standard') },
      outputSchema: {
        item: z.record(z.string(), z.unknown()),
        ancestors: z.array(itemBrief),
        children: z.array(itemBrief),
        learningComponents: z.array(skillSchema),
        learningComponentsDerivedThrough: z.array(throughSchema).nullable(),
        learningComponentsFoundIn: z.array(throughSchema).nullable(),
        crosswalks: z.array(z.record(z.string(), z.unknown())),
        buildsOn: z.array(z.record(z.string(), z.unknown())),
        leadsTo: z.array(z.record(z.string(), z.unknown())),
        progressionDerivedThrough: throughSchema.nullable(),
        exampleTasks: z.object({
          note: z.string(),
          examples: z.array(z.object({ form: z.string(), text: z.string() })),
        }),
      },
      annotations: readOnly,
    },
    async ({ caseIdentifierUUID }) =>
      toolResult(async () => {
        const id = caseIdentifierUUID.toLowerCase();
        const item = await getJson<StandardsItem>(call, `/academic-standards/${id}`);
        // A list the data lacks for this item (a 404, a 400) is empty; any other failure fails the call.
        const optional = <T>(path: string) =>
          getJson<{ data: T[] }>(call, path).catch((e: unknown) => (e instanceof ToolInputError ? { data: [] as T[] } : Promise.reject(e)));
        const [ancestors, children, told] = await Promise.all([
          optional<StandardsItem>(`/academic-standards/${id}/ancestors`),
          item.hasChildren ? getJson<Page<StandardsItem>>(call, `/academic-standards/${id}/children?limit=100`) : { data: [] },
          derivedConnections(readerFor(call), id),
        ]);
        const structured = {
          item,
          ancestors: ancestors.data.map(brief),
          children: children.data.map(brief),
          learningComponents: told.learningComponents.map(skillOf),
          learningComponentsDerivedThrough: told.learningComponentsDerivedThrough,
          learningComponentsFoundIn: told.learningComponentsFoundIn,
          crosswalks: told.crosswalks.map((x) => ({ ...x, strength: strengthWord(x.jaccard), shared: evidenceText(x.evidence) })),
          buildsOn: told.buildsOn,
          leadsTo: told.leadsTo,
          progressionDerivedThrough: told.progressionDerivedThrough,
          exampleTasks: {
            note: EXAMPLES_NOTE,
            examples: exampleBank()
              .shown(
                id,
                told.crosswalks.filter(isIdentical).map((x) => x.caseIdentifierUUID),
              )
              .map(({ form, text }) => ({ form, text })),
          },
        };
        const skillsLead = told.learningComponentsDerivedThrough
          ? `Skills (derived through ${throughText(told.learningComponentsDerivedThrough)}, rated identical; the data lists none of its own):`
          : 'Skills:';
        const derived = told.progressionDerivedThrough
          ? ` (derived through ${throughText([told.progressionDerivedThrough])}, rated identical)`
          : '';
        return {
          structured,
          text: [
            itemLine(item, { whole: true }),
            ancestors.data.length ? `Under: ${ancestors.data.map((a) => a.statementCode ?? a.description).join(' › ')}` : '',
            children.data.length
              ? `Contains ${children.data.length}: ${children.data.map((c) => c.statementCode ?? c.description).join(', ')}`
              : '',
            structured.learningComponents.length ? `${skillsLead}\n${structured.learningComponents.map(skillLine).join('\n')}` : '',
            told.learningComponentsFoundIn ? skillsFoundInNote(told.learningComponentsFoundIn) : '',
            structured.crosswalks.length
              ? `Crosswalks: ${structured.crosswalks.map((x) => `${x.statementCode ?? '(no code)'} (${x.jurisdiction ?? ''}, ${x.strength}, ${x.shared})`).join(', ')}`
              : '',
            told.buildsOn.length ? `Builds on${derived}: ${codes(told.buildsOn)}` : '',
            told.leadsTo.length ? `Leads to${derived}: ${codes(told.leadsTo)}` : '',
            structured.exampleTasks.examples.length
              ? `Example tasks (${EXAMPLES_NOTE}):\n${structured.exampleTasks.examples.map((e) => `- ${e.text}`).join('\n')}`
              : '',
          ]
            .filter(Boolean)
            .join('\n'),
        };
      }),
  );

  server.registerTool(
    'list_children',
    {
      title: 'What a standard or grouping contains',
      description:
        'The direct children of a grouping or standard (a framework’s caseIdentifierUUID gives its top level), in outline order (3.NF.A.2 before 3.NF.A.10), one page at a time: pass `nextCursor` back as `cursor` for the next page. The order holds within a page; the default page holds every child of nearly any item.',
      inputSchema: { caseIdentifierUUID: uuid('The parent'), limit: limit(MOST_PER_PAGE, 100), cursor },
      outputSchema: { children: z.array(itemBrief), ...pagination },
      annotations: readOnly,
    },
    async ({ caseIdentifierUUID, limit: n, cursor: c }) =>
      toolResult(async () => {
        const page = await getJson<Page<StandardsItem>>(
          call,
          `/academic-standards/${caseIdentifierUUID.toLowerCase()}/children${query({ limit: n, cursor: c })}`,
        );
        // The hosted service pages in identifier order: siblings are sorted as a person reads them.
        const children = sortSiblings(page.data).map(brief);
        return {
          structured: { children, nextCursor: page.pagination.nextCursor, hasMore: page.pagination.hasMore },
          text: children.map(inOneFramework).join('\n') || 'It contains nothing.',
        };
      }),
  );

  server.registerTool(
    'standards_for_learning_component',
    {
      title: 'Standards a skill supports',
      description:
        'The standards, in every framework, that a learning component (skill) supports. Give its `identifier` from find_learning_components_from_standard or get_standard. Paged with `cursor`.',
      inputSchema: { identifier: uuid('The learning component'), limit: limit(MOST_PER_PAGE, 100), cursor },
      outputSchema: { standards: z.array(z.record(z.string(), z.unknown())), ...pagination },
      annotations: readOnly,
    },
    async ({ identifier, limit: n, cursor: c }) =>
      toolResult(async () => {
        const page = await getJson<Page<Record<string, unknown> & { statementCode: string | null; description: string | null }>>(
          call,
          `/learning-components/${identifier.toLowerCase()}/academic-standards${query({ limit: n, cursor: c })}`,
        );
        return {
          structured: { standards: page.data, nextCursor: page.pagination.nextCursor, hasMore: page.pagination.hasMore },
          text: page.data.map((i) => itemLine(i)).join('\n') || 'The data lists no standard for this skill.',
        };
      }),
  );

  server.registerTool(
    'crosswalk',
    {
      title: 'Crosswalk between a state standard and Common Core',
      description:
        'How a standard aligns across frameworks (a state standard ↔ Common Core), by the skills they share: each match with its Jaccard number, the counts on each side, and the strength in words ("Identical skills", "Strong", "Partial", "Weak"). `minJaccardScore` (0–1) keeps the stronger ones.',
      inputSchema: {
        caseIdentifierUUID: uuid('The standard'),
        minJaccardScore: z.number().min(0).max(1).optional(),
        limit: limit(100, 20),
      },
      outputSchema: { crosswalks: z.array(z.record(z.string(), z.unknown())) },
      annotations: readOnly,
    },
    async ({ caseIdentifierUUID, minJaccardScore, limit: n }) =>
      toolResult(async () => {
        const page = await getJson<
          Page<
            Record<string, unknown> & {
              caseIdentifierUUID: string;
              statementCode: string | null;
              description: string | null;
              jurisdiction: string | null;
              jaccard: number;
              stateLCCount: number;
              ccssLCCount: number;
              sharedLCCount: number;
            }
          >
        >(call, `/academic-standards/${caseIdentifierUUID.toLowerCase()}/crosswalks${query({ minJaccardScore, limit: n })}`);
        const reader = readerFor(call);
        const own = await reader.skills(caseIdentifierUUID.toLowerCase());
        const crosswalks = (await withEvidence(reader, page.data, own)).map(({ crosswalk: x, evidence: e }) => {
          const evidence = evidenceAnswer(e);
          return { ...x, strength: strengthWord(x.jaccard), shared: evidenceText(evidence), evidence };
        });
        return {
          structured: { crosswalks },
          text:
            crosswalks
              .map(
                (x) =>
                  `${x.statementCode ?? '(no code)'} (${x.jurisdiction ?? ''}) — ${x.strength} (${x.jaccard.toFixed(2)}, ${x.shared}) [${x.caseIdentifierUUID}]`,
              )
              .join('\n') || 'No crosswalk in this data.',
        };
      }),
  );
}
