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
import {
  neighboursOf,
  skillsOf,
  throughOf,
  derivedSkillsNote,
  skillsFoundInNote,
  standardName,
} from '../../contract/derived/through-matches';
import { frameworksFor, searchFrameworks, unknownCode, type FrameworkLists } from './framework-search';
import { readerFor, throughText } from './derived-reader';
import { contentTerms, keywordsHeld } from './keyword-match';
import { gradeArgument, gradesOf } from './grades-argument';
import { itemLine, skillLine } from './item-lines';
import { getJson, query, ToolInputError, type CallApi } from './rest-calls';
import { jurisdictionNamed, subjectNamed } from './scope-names';
import { toolResult } from './tool-result';

const MAX_STANDARDS = 50;
/** Keyword answers hold this many standards unless asked for more: an assistant reads the best few. */
const KEYWORD_LIMIT = 10;

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

/** A standard a derived answer went through. */
export const throughSchema = z.object({
  caseIdentifierUUID: z.string(),
  statementCode: z.string().nullable(),
  jurisdiction: z.string().nullable(),
});

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

/**
 * Standards whose text holds a keyword as a phrase (see keyword-match): candidates from
 * the word search for each keyword, kept when they hold one, most keywords held first,
 * then in the search's order.
 */
async function byKeywords(
  call: CallApi,
  keywords: readonly string[],
  filters: { academicSubject?: string; jurisdiction?: string; gradeLevel: string[] },
  limit: number,
): Promise<StandardsItem[]> {
  const phrases = keywords.map(contentTerms).filter((p) => p.length > 0);
  if (!phrases.length) throw new ToolInputError('The keywords hold no word to look for: give words such as "unit fractions".');
  const pages = await Promise.all(
    keywords.map((k) =>
      getJson<Array<{ caseIdentifierUUID: string; description: string | null }>>(
        call,
        `/academic-standards/search${query({ query: k.slice(0, 500), ...filters, limit: MAX_STANDARDS })}`,
      ),
    ),
  );
  // Each candidate at its best place in any keyword's answer.
  const best = new Map<string, { place: number; held: number }>();
  for (const page of pages)
    page.forEach((hit, place) => {
      const seen = best.get(hit.caseIdentifierUUID);
      if (seen) seen.place = Math.min(seen.place, place);
      else best.set(hit.caseIdentifierUUID, { place, held: keywordsHeld(toPlainText(hit.description) ?? '', phrases) });
    });
  const chosen = [...best]
    .filter(([, c]) => c.held > 0)
    .sort(([, a], [, b]) => b.held - a.held || a.place - b.place)
    .slice(0, limit);
  return Promise.all(chosen.map(([id]) => getJson<StandardsItem>(call, `/academic-standards/${id}`)));
}

export function registerKnowledgeGraphTools(server: McpServer, call: CallApi, lists: FrameworkLists | null) {
  server.registerTool(
    'find_standard_statement',
    {
      title: 'Find standards by code or keywords',
      description:
        'Finds academic standards. Give `code` (e.g. "3.NF.A.1"; a code prefix such as "2.OA" returns 2.OA and every 2.OA.* standard) or `keywords` (each a word or phrase; a standard matches when its text holds a keyword, its words side by side in any of their forms: "unit fractions" matches "unit fraction"), optionally narrowed by `academicSubject` ("Mathematics"), `jurisdiction` ("Multi-State" for Common Core, "California") and `gradeLevel` ("3", or a list). Keyword answers come best first (most keywords held, then best match). Returns up to `limit` `standards` (default 10 for keywords, 50 for a code; at most 50), each with its code, verbatim text, caseIdentifierUUID (use it with the other tools), jurisdiction, grades, its direct children as `subStandards`, and the attribution to keep with it.',
      inputSchema: {
        code: z.string().min(1).max(50).optional(),
        keywords: z.array(z.string().min(1).max(100)).min(1).max(20).optional(),
        academicSubject: z.string().max(50).optional(),
        jurisdiction: z.string().max(100).optional(),
        gradeLevel: gradeArgument,
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_STANDARDS)
          .optional()
          .describe('How many standards at most (default 10 for keywords, 50 for a code).'),
      },
      outputSchema: { standards: z.array(standardSchema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ code, keywords, academicSubject: subjectWritten, jurisdiction: jurisdictionWritten, gradeLevel: gradesWritten, limit }) =>
      toolResult(async () => {
        const academicSubject = subjectNamed(subjectWritten);
        const jurisdiction = jurisdictionNamed(jurisdictionWritten);
        const grades = gradesOf(gradesWritten);
        if ((code === undefined) === (keywords === undefined))
          throw new ToolInputError(
            'Give exactly one of `code` (such as "3.NF.A.1" or a prefix such as "3.NF") or `keywords` (a list of words or phrases).',
          );
        let items: StandardsItem[];
        if (code !== undefined) {
          items = await byCodePrefix(call, lists, code.trim(), await frameworksFor(call, academicSubject, jurisdiction), {
            jurisdiction,
            academicSubject,
          });
          if (!items.length) throw unknownCode(code.trim(), [jurisdiction, academicSubject]);
          if (grades.length) items = items.filter((i) => i.gradeLevel?.some((g) => grades.includes(g)));
          items = items.slice(0, limit ?? MAX_STANDARDS);
        } else {
          items = await byKeywords(call, keywords!, { academicSubject, jurisdiction, gradeLevel: grades }, limit ?? KEYWORD_LIMIT);
        }
        const standards = await withSubStandards(call, items);
        return {
          structured: { standards },
          text: standards.length
            ? standardLines(standards)
            : code !== undefined
              ? 'No standard of these grades has this code.'
              : 'No standard holds any of these keywords. Try fewer or shorter keywords, other word forms, or another jurisdiction or grade.',
        };
      }),
  );

  server.registerTool(
    'find_standards_progression_from_standard',
    {
      title: 'Standards before or after a standard',
      description:
        'The learning progression around a standard (from the Coherence Map): `direction` "backward" gives the standards it builds on (what students need first), "forward" the standards it leads to. Give the standard’s caseIdentifierUUID from find_standard_statement. The Coherence Map links Common Core standards; for a state standard the crosswalk rates identical to a Common Core one, the answer is that standard’s progression read in the state’s standards, and `derivedThrough` names the Common Core standard it was derived through (null: the data’s own links). Returns `standards` as the data links them, in the same shape as find_standard_statement, with attribution; their components (`subStandards`) only with `includeSubStandards: true`.',
      inputSchema: {
        caseIdentifierUUID: z.string().min(1).max(100),
        direction: z.enum(['backward', 'forward']),
        includeSubStandards: z.boolean().optional().describe('Also list each standard’s components (default false).'),
      },
      outputSchema: { standards: z.array(standardSchema), derivedThrough: throughSchema.nullable() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ caseIdentifierUUID, direction, includeSubStandards }) =>
      toolResult(async () => {
        const id = uuidArgument(caseIdentifierUUID);
        const neighbours = await neighboursOf(readerFor(call), id);
        const list = direction === 'backward' ? neighbours.buildsOn : neighbours.leadsTo;
        const items = await Promise.all(list.map((s) => getJson<StandardsItem>(call, `/academic-standards/${s.caseIdentifierUUID}`)));
        const standards = includeSubStandards ? await withSubStandards(call, items) : items.map((i) => ({ ...brief(i), subStandards: [] }));
        const derivedThrough = neighbours.derivedThrough ? throughOf(neighbours.derivedThrough) : null;
        const none = `The data lists no standard ${direction === 'backward' ? 'before' : 'after'} this one${
          neighbours.closest
            ? ` (the progressions link Common Core standards; its closest Common Core match, ${standardName(neighbours.closest)}, is not rated identical, so nothing is derived: ask about ${neighbours.closest.caseIdentifierUUID} for that standard's progression)`
            : ''
        }.`;
        return {
          structured: { standards, derivedThrough },
          text: standards.length
            ? [
                derivedThrough
                  ? `Derived through ${throughText([derivedThrough])}, which the crosswalk rates identical: its progression, read in this state's standards (a Common Core standard stays where the state has no identical one).`
                  : '',
                standardLines(standards),
              ]
                .filter(Boolean)
                .join('\n')
            : none,
        };
      }),
  );

  server.registerTool(
    'find_learning_components_from_standard',
    {
      title: 'Skills inside a standard',
      description:
        'The learning components (granular skills, Achievement Network, CC BY 4.0) that support a standard. Give its caseIdentifierUUID. Returns `learningComponents` with `identifier`, `description` and `attributionStatement`. Where the data lists none for the standard itself but the crosswalk rates a standard identical (the same skills), those skills are returned and `derivedThrough` names the standards they come from; where nothing identical lists any, `foundIn` names the standards it matches that list skills.',
      inputSchema: { caseIdentifierUUID: z.string().min(1).max(100) },
      outputSchema: {
        learningComponents: z.array(skillSchema),
        derivedThrough: z.array(throughSchema).nullable(),
        foundIn: z.array(throughSchema).nullable(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ caseIdentifierUUID }) =>
      toolResult(async () => {
        const id = uuidArgument(caseIdentifierUUID);
        const found = await skillsOf(readerFor(call), id);
        const learningComponents = found.skills.map(skillOf);
        const lines = learningComponents.map(skillLine).join('\n');
        return {
          structured: { learningComponents, derivedThrough: found.derivedThrough ?? null, foundIn: found.foundIn ?? null },
          text: found.derivedThrough
            ? `${derivedSkillsNote(found.derivedThrough)} [${found.derivedThrough.map((t) => t.caseIdentifierUUID).join(', ')}]\n${lines}`
            : found.foundIn
              ? `${skillsFoundInNote(found.foundIn)} Ask about: ${throughText(found.foundIn)}.`
              : lines || 'The data lists no learning components for this standard.',
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
