/**
 * The framework page's URL state: grades, subject, statement type, view and selected
 * item. A bad or stale value falls back to its default; `searchProblems` names what
 * was dropped so the page can say so.
 */
import { z } from 'zod';
import { ACADEMIC_SUBJECTS, GRADE_LEVELS, NORMALIZED_STATEMENT_TYPES } from '../../api/schemas';
import { gradeRank } from '../../lib/natural-sort';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fields = {
  grades: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.enum(GRADE_LEVELS)))
    .transform((g) => [...new Set(g)].sort((a, b) => gradeRank(a) - gradeRank(b))),
  subject: z.enum(ACADEMIC_SUBJECTS),
  type: z.enum(NORMALIZED_STATEMENT_TYPES),
  view: z.enum(['outline', 'list']),
  item: z
    .string()
    .regex(UUID)
    .transform((s) => s.toLowerCase()),
};

export const browseSearchSchema = z.object({
  grades: fields.grades.optional().catch(undefined),
  subject: fields.subject.optional().catch(undefined),
  type: fields.type.optional().catch(undefined),
  view: fields.view.optional().catch(undefined),
  item: fields.item.optional().catch(undefined),
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
