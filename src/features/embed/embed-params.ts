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
import { decodeSet, MAX_FRAGMENT_CHARS, setValueOf } from '../../lib/set-link';

export const SELECTION_MODES = ['none', 'single', 'multiple'] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];
export const MAX_SELECTION = 100;
/** The deepest a host may ask the outline to open (`expand=`). */
export const MAX_EXPAND_DEPTH = 6;

const listOf = <T>(keep: (values: string[]) => T) => z.pipe(z.transform(splitList), z.transform(keep));

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
  // Kept as given (the URL round-trips it); read by setIds.
  set: fallback(z.string().check(z.maxLength(MAX_FRAGMENT_CHARS), z.refine(isSetLink))),
  // `true`: each chosen standard's skills travel in the selection messages.
  skills: fallback(z.enum(['true', 'false'])),
});
export type EmbedParams = z.infer<typeof embedParamsSchema>;

/** A set link's standard ids (a whole link, `set=…`, or the value alone); throws on a broken link. */
export function setIds(link: string): string[] {
  return decodeSet(setValueOf(link) ?? link).ids;
}

function isSetLink(link: string) {
  try {
    return setIds(link).length >= 0;
  } catch {
    return false;
  }
}

/** Preselected ids: `selected=` first, then a set link's (from `set=` or the embed's own `#set=`), at most MAX_SELECTION. */
export function preselectedIds(params: Pick<EmbedParams, 'selected' | 'set'>, fragment: string): string[] {
  const fromLink = (link: string | null | undefined) => (link && isSetLink(link) ? setIds(link) : []);
  // A broken fragment is ignored like any invalid parameter.
  return [...new Set([...(params.selected ?? []), ...fromLink(params.set), ...fromLink(setValueOf(fragment))])].slice(0, MAX_SELECTION);
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
