/**
 * "Which standards does this task address?" for an assistant writing a lesson: a text
 * (a word problem, an activity, an objective) ranked against a framework's standards by
 * the app's alignment (contract/search/align.ts, through the REST API's POST …/align),
 * each answer with why: the concepts recognised in the text and the words it shares.
 */
import { EXAMPLES_NOTE } from '../../contract/search/examples';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import { MAX_ALIGN_TEXT } from '../../contract/search/align';
import { toPlainText } from '../../contract/plain-text';
import { itemBrief, uuid } from './explorer-tools';
import { gradeArgument, gradesOf } from './grades-argument';
import { itemLine } from './item-lines';
import { getJson, ToolInputError, type CallApi } from './rest-calls';
import { jurisdictionNamed, subjectNamed } from './scope-names';
import { toolResult } from './tool-result';

const MOST = 20;

interface AlignedRow {
  caseIdentifierUUID: string;
  statementCode: string | null;
  description: string | null;
  jurisdiction: string | null;
  gradeLevel: string[] | null;
  attributionStatement: string;
  score: number;
  matchedTerms: string[];
  recognised?: Array<{ concept: string; evidence: string[]; words: string[] }>;
  likeExample?: { text: string; own: boolean };
}

const reasonSchema = z.object({ concept: z.string(), evidence: z.array(z.string()), words: z.array(z.string()) });
const alignedSchema = itemBrief.omit({ normalizedStatementType: true, hasChildren: true }).extend({
  score: z.number(),
  matchedTerms: z.array(z.string()),
  recognised: z.array(reasonSchema),
  likeExample: z
    .object({ text: z.string(), note: z.string() })
    .optional()
    .describe("The standard's example nearest to the text (an example written for Standards Explorer, not part of the standard)."),
});

/** Why, in words: "recognised: percent (25% off, sales tax); shares: tax; like: “…”". */
export function whyLine(r: Pick<AlignedRow, 'matchedTerms' | 'recognised'> & { likeExample?: { text: string } }): string {
  const parts = [
    ...(r.recognised ?? []).map((c) => `recognised: ${c.concept} (${c.evidence.join(', ')})`),
    ...(r.matchedTerms.length ? [`shares: ${r.matchedTerms.join(', ')}`] : []),
    ...(r.likeExample ? [`like: “${r.likeExample.text}” (an example written for Standards Explorer)`] : []),
  ];
  return parts.join('; ');
}

export function registerAlignmentTool(server: McpServer, call: CallApi) {
  server.registerTool(
    'find_standards_for_text',
    {
      title: 'Standards a text addresses',
      description:
        'Which standards does this task address? Give a word problem, an activity, a worksheet heading or a lesson objective in everyday words ("A ladder 13 feet long leans against a wall…") and a framework (`standardsFrameworkCaseIdentifierUUID` from list_frameworks, or a `jurisdiction` such as "Common Core" or "California"); optionally `gradeLevel` and `limit` (default 5, at most 20). Returns the standards it most likely addresses, best first, each with why: the mathematics recognised in the text ("percent (25% off, sales tax)"), the words it shares, and the standard’s example nearest to the text (`likeExample`: written for Standards Explorer, not part of the standard). Only standards are returned, never the headings that group them.',
      inputSchema: {
        text: z
          .string()
          .min(1)
          .max(MAX_ALIGN_TEXT)
          .describe(`The text to align (at most ${MAX_ALIGN_TEXT.toLocaleString('en-US')} characters).`),
        standardsFrameworkCaseIdentifierUUID: uuid('The framework, from list_frameworks,').optional(),
        jurisdiction: z
          .string()
          .max(100)
          .optional()
          .describe('Instead of a framework: a jurisdiction such as "Common Core" or "California".'),
        academicSubject: z
          .string()
          .max(50)
          .optional()
          .describe('With a jurisdiction: a subject such as "Math" (its frameworks are ranked together).'),
        gradeLevel: gradeArgument,
        limit: z.number().int().min(1).max(MOST).default(5).describe(`How many to return (1–${MOST}, default 5).`),
      },
      outputSchema: { results: z.array(alignedSchema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ text, standardsFrameworkCaseIdentifierUUID: framework, jurisdiction: written, academicSubject, gradeLevel, limit }) =>
      toolResult(async () => {
        const jurisdiction = jurisdictionNamed(written);
        if (!framework && !jurisdiction)
          throw new ToolInputError(
            'Say which standards to align with: standardsFrameworkCaseIdentifierUUID (from list_frameworks) or a jurisdiction such as "Common Core".',
          );
        const grades = gradesOf(gradeLevel);
        const body = { text, limit, ...(grades.length && { gradeLevel: grades }) };
        const rows = framework
          ? await getJson<AlignedRow[]>(call, `/standards-frameworks/${framework}/align`, { body: JSON.stringify(body) })
          : await getJson<AlignedRow[]>(call, '/academic-standards/align', {
              body: JSON.stringify({ ...body, jurisdiction, ...(academicSubject && { academicSubject: subjectNamed(academicSubject) }) }),
            });
        const results = rows.map((r) => ({
          caseIdentifierUUID: r.caseIdentifierUUID,
          statementCode: r.statementCode,
          description: r.description,
          descriptionText: toPlainText(r.description),
          jurisdiction: r.jurisdiction,
          gradeLevel: r.gradeLevel,
          score: r.score,
          matchedTerms: r.matchedTerms,
          recognised: r.recognised ?? [],
          ...(r.likeExample && { likeExample: { text: r.likeExample.text, note: EXAMPLES_NOTE } }),
          attributionStatement: r.attributionStatement,
        }));
        return {
          structured: { results },
          text:
            results
              .map((r) => `${itemLine(r, { jurisdiction: !framework })}\n  why: ${whyLine(r) || 'its headings share the text’s words'}`)
              .join('\n') ||
            'No standard shares the mathematics or the words of this text: try a longer text, another framework, or no grade.',
        };
      }),
  );
}
