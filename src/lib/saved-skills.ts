/**
 * The learning components (skills) kept with a framework saved for offline use (see
 * download-framework), read by the skill queries offline. Apart from saved-standards so
 * that pages without skills do not load it.
 */
import type { LearningComponent, SupportedStandard } from '../../contract/learning-component-schemas';
import { summaryOf } from '../../contract/summary';
import { itemLabel } from './path-label';
import {
  partEntries,
  savedAncestors,
  savedFrameworks,
  savedItem,
  savedKeys,
  savedParents,
  savedParts,
  type SavedFrameworkMeta,
} from './saved-standards';

/** Every saved item's skills of a framework saved with them, item id → skills. */
function skillParts(meta: SavedFrameworkMeta) {
  const fw = meta.framework.caseIdentifierUUID;
  const keys = () => Array.from({ length: meta.skillParts ?? 0 }, (_, n) => savedKeys.skillPart(meta.baseUrl, fw, n));
  return savedParts(meta, 'skills', keys, partEntries<LearningComponent[]>);
}

const savedWithSkills = async (base: string) => (await savedFrameworks(base)).filter((m) => m.skillParts !== undefined);

/** An item's saved skills: the list (none is an answer), or undefined where no save with skills holds the item. */
export async function savedSkillsOf(base: string, id: string): Promise<LearningComponent[] | undefined> {
  const meta = (await savedWithSkills(base)).find((m) => m.itemIds.includes(id));
  if (!meta) return undefined;
  const all = await skillParts(meta);
  return all && (all.get(id) ?? []);
}

/**
 * What a saved framework adds to its list for ranking a search on the device: each
 * item's parent (for the headings above it) and its skills. Undefined when the framework
 * is not saved; no skills where it was saved without them.
 */
export async function savedSearchExtras(
  base: string,
  fw: string,
): Promise<{ parents: Map<string, string>; skills: Map<string, LearningComponent[]> } | undefined> {
  const meta = (await savedFrameworks(base)).find((m) => m.framework.caseIdentifierUUID === fw);
  if (!meta) return undefined;
  const parents = (await savedParents(meta)) ?? new Map<string, string>();
  const skills = meta.skillParts !== undefined ? await skillParts(meta) : undefined;
  return { parents, skills: skills ?? new Map() };
}

/** A skill, as any saved framework's standards hold it. */
export async function savedSkill(base: string, identifier: string): Promise<LearningComponent | undefined> {
  for (const meta of await savedWithSkills(base)) {
    for (const list of (await skillParts(meta))?.values() ?? []) {
      const found = list.find((l) => l.identifier === identifier);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The saved standards a skill supports, framework by framework in outline order; undefined
 * where no framework was saved with its skills. Only saved frameworks can answer: the
 * caller says the list is limited to them.
 */
export async function savedStandardsOfSkill(base: string, identifier: string): Promise<SupportedStandard[] | undefined> {
  const metas = await savedWithSkills(base);
  if (!metas.length) return undefined;
  const standards: SupportedStandard[] = [];
  for (const meta of metas) {
    const all = await skillParts(meta);
    if (!all) continue;
    for (const id of meta.itemIds) {
      if (!all.get(id)?.some((l) => l.identifier === identifier)) continue;
      const item = await savedItem(base, id);
      if (!item) continue;
      standards.push({
        ...summaryOf(item),
        gradeLevel: item.gradeLevel,
        frameworkCaseIdentifierUUID: meta.framework.caseIdentifierUUID,
        path: (await savedAncestors(base, id))?.map(itemLabel),
      });
    }
  }
  return standards;
}

/**
 * Every saved standard's skills, of every framework but `except` saved with them, in one
 * map: what a device reads another framework's skills from when it derives a standard's
 * (one read of each framework's parts, not one search of the saves per standard).
 */
export async function savedSkillsByStandard(base: string, except: string): Promise<Map<string, LearningComponent[]>> {
  const all = new Map<string, LearningComponent[]>();
  for (const meta of await savedWithSkills(base)) {
    if (meta.framework.caseIdentifierUUID === except) continue;
    for (const [id, list] of (await skillParts(meta)) ?? []) all.set(id, list);
  }
  return all;
}
