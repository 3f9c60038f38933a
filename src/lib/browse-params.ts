/**
 * The framework page's URL state: grades, subject, statement type, view, selected item
 * and the order of search results. A bad or stale value falls back to its default; `paramProblems` names what
 * was dropped so the page can say so.
 */
import * as z from 'zod/mini';
import { ACADEMIC_SUBJECTS, GRADE_LEVELS, NORMALIZED_STATEMENT_TYPES } from '../../contract/schemas';
import { gradeRank } from '../../contract/natural-sort';
import { splitList } from '../../contract/lists';
import { UUID_PATTERN } from '../../contract/uuid';

/** Search results best match first (the default) or in the framework's outline order. */
export const SEARCH_ORDERS = ['best', 'outline'] as const;

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
  /** A matched standard (another framework's) read beside the open item, without leaving the framework. */
  peek: caseUuid,
  order: z.enum(SEARCH_ORDERS),
  /** Rows show their whole text ("full") instead of their first three lines. */
  text: z.enum(['full']),
};

/** Every URL parameter the app's pages read, as a person would name it. */
const PARAM_LABELS = {
  grades: 'grade',
  subject: 'subject',
  type: 'statement type',
  view: 'view',
  item: 'selected item',
  peek: 'matched standard',
  order: 'search result order',
  text: 'row text length',
  framework: 'framework',
  mode: 'selection mode',
  origin: 'host origin',
  selected: 'preselected item',
  skills: 'skills (true or false)',
  expand: 'expand depth (1 to 6)',
  set: 'set link',
} as const;
export type ParamKey = keyof typeof PARAM_LABELS;

export const paramLabels = (keys: readonly ParamKey[]) => keys.map((k) => PARAM_LABELS[k]);

/** The parameters of a link that were invalid (and fell back to their defaults). */
export function invalidBrowseParams(raw: Record<string, unknown>): ParamKey[] {
  return (Object.keys(fields) as Array<keyof typeof fields>).filter((k) => raw[k] !== undefined && !fields[k].safeParse(raw[k]).success);
}

/** As a person reads them: "grade", "view". */
export const paramProblems = (raw: Record<string, unknown>) => paramLabels(invalidBrowseParams(raw));

/**
 * `fixed` records, in the URL itself, which parameters of the link were invalid: the
 * router rewrites the address to the valid values at once, so the page learns what was
 * dropped from its own search params (and clears `fixed` at the next change).
 */
export const fixedParam = fallback(z.pipe(commaList, z.array(z.enum(Object.keys(PARAM_LABELS) as [ParamKey, ...ParamKey[]]))));

/** A route's validateSearch: valid values, and the names of the invalid ones added to `fixed`. */
export function validateWithFixed<T extends { fixed?: ParamKey[] }>(
  parse: (raw: Record<string, unknown>) => T,
  invalid: (raw: Record<string, unknown>) => ParamKey[],
) {
  return (raw: Record<string, unknown>): T => {
    const parsed = parse(raw);
    const bad = invalid(raw);
    return bad.length ? { ...parsed, fixed: [...new Set([...(parsed.fixed ?? []), ...bad])] } : parsed;
  };
}

export const browseParamsSchema = z.object({
  grades: fallback(fields.grades),
  subject: fallback(fields.subject),
  type: fallback(fields.type),
  view: fallback(fields.view),
  item: fallback(fields.item),
  peek: fallback(fields.peek),
  order: fallback(fields.order),
  text: fallback(fields.text),
  fixed: fixedParam,
});
export type BrowseParams = z.infer<typeof browseParamsSchema>;
