/**
 * The framework page's URL state: grades, subject, statement type, view and selected
 * item. A bad or stale value falls back to its default; `searchProblems` names what
 * was dropped so the page can say so.
 */
import * as z from 'zod/mini';
import { ACADEMIC_SUBJECTS, GRADE_LEVELS, NORMALIZED_STATEMENT_TYPES } from '../../contract/schemas';
import { gradeRank } from '../../contract/natural-sort';
import { splitList } from '../../contract/lists';
import { UUID_PATTERN } from '../../contract/uuid';

/** A comma list from the URL, or the array the router passes when it validates again. */
export const commaList = z.transform((v: unknown) => (typeof v === 'string' ? splitList(v) : v));

/** A CASE UUID in any case, kept lower-case (as the API stores it). */
export const caseUuid = z.pipe(
  z.string().check(z.regex(UUID_PATTERN)),
  z.transform((s) => s.toLowerCase()),
);

/** Absent or invalid: undefined (the page's default). */
export const fallback = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

const fields = {
  grades: z.pipe(
    z.pipe(commaList, z.array(z.enum(GRADE_LEVELS))),
    z.transform((g) => [...new Set(g)].sort((a, b) => gradeRank(a) - gradeRank(b))),
  ),
  subject: z.enum(ACADEMIC_SUBJECTS),
  type: z.enum(NORMALIZED_STATEMENT_TYPES),
  view: z.enum(['outline', 'list']),
  item: caseUuid,
};

export const browseSearchSchema = z.object({
  grades: fallback(fields.grades),
  subject: fallback(fields.subject),
  type: fallback(fields.type),
  view: fallback(fields.view),
  item: fallback(fields.item),
});
export type BrowseSearch = z.infer<typeof browseSearchSchema>;

const LABELS: Record<keyof typeof fields, string> = {
  grades: 'grade',
  subject: 'subject',
  type: 'statement type',
  view: 'view',
  item: 'selected item',
};

export function searchProblems(raw: Record<string, unknown>): string[] {
  return (Object.keys(fields) as Array<keyof typeof fields>)
    .filter((k) => raw[k] !== undefined && !fields[k].safeParse(raw[k]).success)
    .map((k) => LABELS[k]);
}
