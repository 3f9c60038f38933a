/**
 * The embed's URL: framework, filters, view, selection mode, preselected items and the
 * host origins it may talk to. Bad values fall back (and are listed); bad origins are
 * dropped, never widened to "*".
 */
import * as z from 'zod/mini';
import { isOrigin } from '../../../contract/origin';
import { browseParamsSchema, caseUuid, fallback, invalidBrowseParams, paramLabels, type ParamKey } from '../../lib/browse-params';
import { splitList } from '../../../contract/lists';
import { UUID_PATTERN } from '../../../contract/uuid';
import { LTI_SESSION_PATTERN } from '../../../contract/lti-session';
import { setValueOf } from '../../lib/set-link-value';
import { readIds } from '../../lib/set-ids';

export const SELECTION_MODES = ['none', 'single', 'multiple'] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];
export const MAX_SELECTION = 100;
/** The deepest a host may ask the outline to open (`expand=`). */
export const MAX_EXPAND_DEPTH = 6;

const listOf = <T>(keep: (values: string[]) => T) => z.pipe(z.transform(splitList), z.transform(keep));

/** The value of a whole set link, of `set=…`, or the value alone. */
const setValueIn = (link: string) => setValueOf(link) ?? link;

export const embedParamsSchema = z.extend(z.omit(browseParamsSchema, { item: true }), {
  framework: fallback(caseUuid),
  mode: fallback(z.enum(SELECTION_MODES)),
  // Kept as given (bounded): the preselection reads it strictly and says what is wrong with it.
  selected: fallback(listOf((ids) => ids.slice(0, MAX_SELECTION * 4))),
  origin: fallback(listOf((origins) => origins.filter(isOrigin))),
  // Without a framework, the picker first offers a choice, narrowed by this and `subject`.
  jurisdiction: fallback(z.string().check(z.maxLength(100))),
  // Open the outline this many levels deep at first (1–6), so a standard is in view without four clicks.
  expand: fallback(z.pipe(z.transform(Number), z.int().check(z.gte(1), z.lte(MAX_EXPAND_DEPTH)))),
  // A shared set's link (or the part after `set=`): its standards are chosen at first.
  // Kept as given (the URL round-trips it); read strictly by preselectedIds, which says what is wrong.
  set: fallback(z.string()),
  // An LTI deep-linking session (server/lti): "Use" and "Cancel" answer the LMS through this server.
  lti: fallback(z.string().check(z.regex(LTI_SESSION_PATTERN))),
  // `true`: each chosen standard's skills travel in the selection messages.
  skills: fallback(z.enum(['true', 'false'])),
});
export type EmbedParams = z.infer<typeof embedParamsSchema>;

/**
 * Preselected ids: `selected=` first, then a set link's (from `set=` or the embed's own
 * `#set=`). Read strictly, as a file or a shared link is: every id whole and listed once
 * in its list, every link readable, at most MAX_SELECTION in all; otherwise none, with
 * the reason. The union of the lists is taken (a standard in both counts once). The
 * link's codec loads only when there is a set.
 */
export async function preselectedIds(
  params: Pick<EmbedParams, 'selected' | 'set'>,
  fragment: string,
): Promise<{ ids: string[] } | { problem: string }> {
  const refused = (why: string) => ({ problem: `Nothing was preselected: ${why}` });
  const selected = readIds(
    (params.selected ?? []).map((raw, i) => ({ raw, where: `selected=, item ${i + 1}` })),
    { describe: 'the id' },
  );
  if (selected.problems.length) return refused(selected.problems[0]!);
  const links = [
    { where: 'set=', value: params.set && setValueIn(params.set) },
    { where: 'the address’s #set=', value: setValueOf(fragment) },
  ].filter((l): l is { where: string; value: string } => !!l.value);
  const fromLinks: string[] = [];
  if (links.length) {
    const { readSetLink } = await import('../../lib/set-link');
    for (const { where, value } of links) {
      const link = readSetLink(value);
      if ('error' in link) return refused(`the set link in ${where} cannot be read. ${link.error}`);
      fromLinks.push(...link.set.ids);
    }
  }
  const ids = [...new Set([...selected.ids.map((s) => s.id), ...fromLinks])];
  if (ids.length > MAX_SELECTION)
    return refused(`the address names ${ids.length} standards; the picker preselects at most ${MAX_SELECTION}. Share a smaller set.`);
  return { ids };
}

export function invalidEmbedParams(raw: Record<string, unknown>): ParamKey[] {
  const problems = invalidBrowseParams({ ...raw, item: undefined });
  if (raw.framework !== undefined && !UUID_PATTERN.test(String(raw.framework))) problems.push('framework');
  if (raw.mode !== undefined && !(SELECTION_MODES as readonly string[]).includes(String(raw.mode))) problems.push('mode');
  if (splitList(raw.origin).some((o) => !isOrigin(o))) problems.push('origin');
  if (raw.expand !== undefined && !embedParamsSchema.shape.expand.safeParse(raw.expand).data) problems.push('expand');
  if (raw.skills !== undefined && raw.skills !== 'true' && raw.skills !== 'false') problems.push('skills');
  return problems;
}

/** As a person reads them: "framework", "host origin". */
export const embedParamProblems = (raw: Record<string, unknown>) => paramLabels(invalidEmbedParams(raw));
