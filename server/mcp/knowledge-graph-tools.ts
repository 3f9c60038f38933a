/**
 * The Knowledge Graph tool server's own tools, with the same names, arguments and answer
 * fields as Learning Commons' lesson-planning skill reads them, so that skill works
 * against this server unchanged: find_standard_statement, the progression before or after
 * a standard, its learning components, and the Standards for Mathematical Practice.
 * Every result carries the data's attribution.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import type { Framework, Page, StandardsItem } from '../../contract/schemas';
import { sortSiblings } from '../../contract/natural-sort';
import { UUID_PATTERN } from '../../contract/uuid';
import { toPlainText } from '../../contract/plain-text';
import { frameworksFor, searchFrameworks, unknownCode, type FrameworkLists } from './framework-search';
import { itemLine, skillLine } from './item-lines';
import { getJson, query, ToolInputError, type CallApi } from './rest-calls';
import { jurisdictionNamed, subjectNamed } from './scope-names';
import { toolResult } from './tool-result';

const MAX_STANDARDS = 50;

/** A learning component as the tools answer it: the Knowledge Graph's fields, no more. */
export const skillSchema = z.object({ identifier: z.string(), description: z.string(), attributionStatement: z.string() });
export type Skill = z.infer<typeof skillSchema>;
export const skillOf = ({ identifier, description, attributionStatement }: Skill): Skill => ({
  identifier,
  description,
  attributionStatement,
});

const standardShape = {
  code: z.string().nullable(),
  description: z.string().nullable().describe('The standard’s text, verbatim (Markdown and $…$ TeX as in the data).'),
  descriptionText: z.string().nullable().describe('The same text readable as is: math as 1/b, no Markdown markers.'),
  caseIdentifierUUID: z.string(),
  jurisdiction: z.string().nullable(),
  gradeLevel: z.array(z.string()).nullable(),
  attributionStatement: z.string(),
};
const standardSchema = z.object({
  ...standardShape,
  subStandards: z.array(z.object(standardShape)).describe('Its direct children (components such as 3.NF.A.2.a), in outline order.'),
});
type Standard = z.infer<typeof standardSchema>;

const brief = (
  i: Pick<StandardsItem, 'statementCode' | 'description' | 'caseIdentifierUUID' | 'jurisdiction' | 'gradeLevel' | 'attributionStatement'>,
) => ({
  code: i.statementCode,
  description: i.description,
  descriptionText: toPlainText(i.description),
  caseIdentifierUUID: i.caseIdentifierUUID,
  jurisdiction: i.jurisdiction,
  gradeLevel: i.gradeLevel,
  attributionStatement: i.attributionStatement,
});

const children = async (call: CallApi, id: string) =>
  sortSiblings((await getJson<Page<StandardsItem>>(call, `/academic-standards/${id}/children?limit=1000`)).data);

async function withSubStandards(call: CallApi, items: StandardsItem[]): Promise<Standard[]> {
  return Promise.all(
    items.map(async (i) => ({ ...brief(i), subStandards: i.hasChildren ? (await children(call, i.caseIdentifierUUID)).map(brief) : [] })),
  );
}

/** Each standard on its line, its text whole (the skill quotes it). */
const standardLines = (standards: Standard[], jurisdiction = true) =>
  standards.map((s) => itemLine({ ...s, statementCode: s.code }, { jurisdiction, whole: true })).join('\n');

function uuidArgument(id: string) {
  if (!UUID_PATTERN.test(id))
    throw new ToolInputError(
      `"${id.slice(0, 60)}" is not a CASE UUID: give a standard's caseIdentifierUUID as find_standard_statement returns it.`,
    );
  return id.toLowerCase();
}

/**
 * A code and everything under it (`2.OA` → 2.OA and every 2.OA.*, not 2.OAX), in the chosen
 * frameworks; `raw`: every code that starts so (`MP` → MP1 … MP8).
 */
async function byCodePrefix(
  call: CallApi,
  lists: FrameworkLists | null,
  code: string,
  /** The frameworks asked about, and how they were named (a jurisdiction, a subject). */
  frameworks: Framework[],
  scope: { jurisdiction?: string; academicSubject?: string },
  raw = false,
): Promise<StandardsItem[]> {
  const prefix = code.toLowerCase();
  const under = (c: string) => c === prefix || c.startsWith(raw ? prefix : `${prefix}.`);
  const ids = frameworks.map((f) => f.caseIdentifierUUID);
  const found = await searchFrameworks(call, lists, ids, { code, limit: MAX_STANDARDS, ...scope });
  return found.filter((i) => under(i.statementCode?.toLowerCase() ?? ''));
}

export function registerKnowledgeGraphTools(server: McpServer, call: CallApi, lists: FrameworkLists | null) {
  server.registerTool(
    'find_standard_statement',
    {
      title: 'Find standards by code or keywords',
      description:
        'Finds academic standards. Give `code` (e.g. "3.NF.A.1"; a code prefix such as "2.OA" returns 2.OA and every 2.OA.* standard) or `keywords` (a standard matches when any keyword appears in its text), optionally narrowed by `academicSubject` ("Mathematics") and `jurisdiction` ("Multi-State" for Common Core, "California"). Returns up to 50 `standards`, each with its code, verbatim text, caseIdentifierUUID (use it with the other tools), jurisdiction, grades, its direct children as `subStandards`, and the attribution to keep with it.',
      inputSchema: {
        code: z.string().min(1).max(50).optional(),
        keywords: z.array(z.string().min(1).max(100)).min(1).max(20).optional(),
        academicSubject: z.string().max(50).optional(),
        jurisdiction: z.string().max(100).optional(),
      },
      outputSchema: { standards: z.array(standardSchema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ code, keywords, academicSubject: subjectWritten, jurisdiction: jurisdictionWritten }) =>
      toolResult(async () => {
        const academicSubject = subjectNamed(subjectWritten);
        const jurisdiction = jurisdictionNamed(jurisdictionWritten);
        if ((code === undefined) === (keywords === undefined))
          throw new ToolInputError(
            'Give exactly one of `code` (such as "3.NF.A.1" or a prefix such as "3.NF") or `keywords` (a list of words).',
          );
        let items: StandardsItem[];
        if (code !== undefined) {
          items = await byCodePrefix(call, lists, code.trim(), await frameworksFor(call, academicSubject, jurisdiction), {
            jurisdiction,
            academicSubject,
          });
          if (!items.length) throw unknownCode(code.trim(), [jurisdiction, academicSubject]);
        } else {
          const hits = await getJson<Array<{ caseIdentifierUUID: string }>>(
            call,
            `/academic-standards/search${query({ query: keywords!.join(' '), academicSubject, jurisdiction, limit: MAX_STANDARDS })}`,
          );
          items = await Promise.all(hits.map((h) => getJson<StandardsItem>(call, `/academic-standards/${h.caseIdentifierUUID}`)));
        }
        const standards = await withSubStandards(call, items);
        return {
          structured: { standards },
          text: standards.length
            ? standardLines(standards)
            : 'No standard holds any of these words. Try other keywords, or another jurisdiction.',
        };
      }),
  );

  server.registerTool(
    'find_standards_progression_from_standard',
    {
      title: 'Standards before or after a standard',
      description:
        'The learning progression around a standard (from the Coherence Map): `direction` "backward" gives the standards it builds on (what students need first), "forward" the standards it leads to. Give the standard’s caseIdentifierUUID from find_standard_statement. Returns `standards` in the same shape as find_standard_statement, with attribution.',
      inputSchema: { caseIdentifierUUID: z.string().min(1).max(100), direction: z.enum(['backward', 'forward']) },
      outputSchema: { standards: z.array(standardSchema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ caseIdentifierUUID, direction }) =>
      toolResult(async () => {
        const id = uuidArgument(caseIdentifierUUID);
        const operation = direction === 'backward' ? 'prerequisites' : 'builds-towards';
        const page = await getJson<Page<{ caseIdentifierUUID: string }>>(call, `/academic-standards/${id}/${operation}?limit=100`);
        const items = await Promise.all(page.data.map((s) => getJson<StandardsItem>(call, `/academic-standards/${s.caseIdentifierUUID}`)));
        const standards = await withSubStandards(call, items);
        return {
          structured: { standards },
          text: standards.length
            ? standardLines(standards)
            : `The data lists no standard ${direction === 'backward' ? 'before' : 'after'} this one.`,
        };
      }),
  );

  server.registerTool(
    'find_learning_components_from_standard',
    {
      title: 'Skills inside a standard',
      description:
        'The learning components (granular skills, Achievement Network, CC BY 4.0) that support a standard. Give its caseIdentifierUUID. Returns `learningComponents` with `identifier`, `description` and `attributionStatement`; an empty list means the data lists none for this standard.',
      inputSchema: { caseIdentifierUUID: z.string().min(1).max(100) },
      outputSchema: {
        learningComponents: z.array(skillSchema),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ caseIdentifierUUID }) =>
      toolResult(async () => {
        const id = uuidArgument(caseIdentifierUUID);
        const page = await getJson<Page<Skill>>(call, `/academic-standards/${id}/learning-components?limit=1000`);
        const learningComponents = page.data.map(skillOf);
        return {
          structured: { learningComponents },
          text: learningComponents.length
            ? learningComponents.map(skillLine).join('\n')
            : 'The data lists no learning components for this standard.',
        };
      }),
  );

  server.registerTool(
    'list_standards_for_mathematical_practice',
    {
      title: 'The Standards for Mathematical Practice',
      description:
        'The eight Standards for Mathematical Practice (MP1–MP8) of Common Core Mathematics, from the data, with their text and attribution, in the same shape as find_standard_statement.',
      inputSchema: {},
      outputSchema: { standards: z.array(standardSchema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () =>
      toolResult(async () => {
        const scope = { jurisdiction: 'Multi-State', academicSubject: 'Mathematics' };
        const frameworks = await frameworksFor(call, scope.academicSubject, scope.jurisdiction);
        const practices = (await byCodePrefix(call, lists, 'MP', frameworks, scope, true)).filter((i) =>
          /^MP\d+$/i.test(i.statementCode ?? ''),
        );
        const standards = await withSubStandards(call, sortSiblings(practices));
        return { structured: { standards }, text: standardLines(standards, false) };
      }),
  );
}
