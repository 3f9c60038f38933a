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
import { looksLikeSetValue, MAX_FRAGMENT_CHARS, setValueOf } from '../../lib/set-link-value';

export const SELECTION_MODES = ['none', 'single', 'multiple'] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];
export const MAX_SELECTION = 100;
/** The deepest a host may ask the outline to open (`expand=`). */
export const MAX_EXPAND_DEPTH = 6;

const listOf = <T>(keep: (values: string[]) => T) => z.pipe(z.transform(splitList), z.transform(keep));

/** The value of a whole set link, of `set=…`, or the value alone. */
const setValueIn = (link: string) => setValueOf(link) ?? link;
/** Shaped like a set link (decoding tells the rest). */
const isSetLinkShaped = (link: string) => looksLikeSetValue(setValueIn(link));

export const embedParamsSchema = z.extend(z.omit(browseParamsSchema, { item: true }), {
  framework: fallback(caseUuid),
  mode: fallback(z.enum(SELECTION_MODES)),
  selected: fallback(
    listOf((ids) => [...new Set(ids.filter((id) => UUID_PATTERN.test(id)).map((id) => id.toLowerCase()))].slice(0, MAX_SELECTION)),
  ),
  origin: fallback(listOf((origins) => origins.filter(isOrigin))),
  // Without a framework, the picker first offers a choice, narrowed by this and `subject`.
  jurisdiction: fallback(z.string().check(z.maxLength(100))),
  // Open the outline this many levels deep at first (1–6), so a standard is in view without four clicks.
  expand: fallback(z.pipe(z.transform(Number), z.int().check(z.gte(1), z.lte(MAX_EXPAND_DEPTH)))),
  // A shared set's link (or the part after `set=`): its standards are chosen at first.
  // Kept as given (the URL round-trips it); decoded by preselectedIds.
  set: fallback(z.string().check(z.maxLength(MAX_FRAGMENT_CHARS), z.refine(isSetLinkShaped))),
  // `true`: each chosen standard's skills travel in the selection messages.
  skills: fallback(z.enum(['true', 'false'])),
});
export type EmbedParams = z.infer<typeof embedParamsSchema>;

/**
 * Preselected ids: `selected=` first, then a set link's (from `set=` or the embed's own
 * `#set=`), at most MAX_SELECTION. The link's codec loads only when there is a set.
 */
export async function preselectedIds(
  params: Pick<EmbedParams, 'selected' | 'set'>,
  fragment: string,
): Promise<{ ids: string[]; brokenLink: boolean }> {
  const links = [params.set && setValueIn(params.set), setValueOf(fragment)].filter((v): v is string => !!v && looksLikeSetValue(v));
  const fromLinks: string[] = [];
  let brokenLink = false;
  if (links.length) {
    const { readSetLink } = await import('../../lib/set-link');
    for (const value of links) {
      const link = readSetLink(value);
      // A damaged link adds nothing; the picker says it ignored it, like any invalid parameter.
      if ('set' in link) fromLinks.push(...link.set.ids);
      else brokenLink = true;
    }
  }
  return { ids: [...new Set([...(params.selected ?? []), ...fromLinks])].slice(0, MAX_SELECTION), brokenLink };
}

export function invalidEmbedParams(raw: Record<string, unknown>): ParamKey[] {
  const problems = invalidBrowseParams({ ...raw, item: undefined });
  if (raw.framework !== undefined && !UUID_PATTERN.test(String(raw.framework))) problems.push('framework');
  if (raw.mode !== undefined && !(SELECTION_MODES as readonly string[]).includes(String(raw.mode))) problems.push('mode');
  if (splitList(raw.origin).some((o) => !isOrigin(o))) problems.push('origin');
  if (splitList(raw.selected).some((id) => !UUID_PATTERN.test(id))) problems.push('selected');
  if (raw.expand !== undefined && !embedParamsSchema.shape.expand.safeParse(raw.expand).data) problems.push('expand');
  if (raw.skills !== undefined && raw.skills !== 'true' && raw.skills !== 'false') problems.push('skills');
  if (raw.set !== undefined && !embedParamsSchema.shape.set.safeParse(raw.set).data) problems.push('set');
  return problems;
}

/** As a person reads them: "framework", "host origin". */
export const embedParamProblems = (raw: Record<string, unknown>) => paramLabels(invalidEmbedParams(raw));
