/**
 * Word search ranked on the device, by the same code and over the same documents as the
 * local API ranks a framework (contract/search): offline over a saved framework (with
 * its skills and headings), and over a framework's list where the service cannot search
 * one framework itself. Loaded only then.
 */
import { SearchIndex } from '../../contract/search/rank';
import type { SkillText } from '../../contract/search/documents';
import type { StandardsItem } from '../../contract/schemas';
import { deviceDocuments, inSlices } from './device-documents';
import { MAX_RESULTS, fromItem, type SearchHit, type SearchOrder } from './search-hits';

interface DeviceIndex {
  index: SearchIndex;
  skills: SkillText[][];
}

/** One index per list loaded (a framework's list is one array while its query lives). */
const indexes = new WeakMap<readonly StandardsItem[], Promise<DeviceIndex>>();

/**
 * The best matches among a framework's items, best first or in outline order. The
 * framework's saved headings and skills join the search where it was saved.
 */
export async function rankOnDevice(
  base: string,
  frameworkId: string,
  items: readonly StandardsItem[],
  text: string,
  order: SearchOrder,
  /** Which items may answer (the page's filters); all when absent. */
  passes: (item: StandardsItem) => boolean = () => true,
): Promise<SearchHit[]> {
  let built = indexes.get(items);
  if (!built) {
    built = indexOf(base, frameworkId, items);
    indexes.set(items, built);
  }
  const { index, skills } = await built;
  const ranked = index.search(text, MAX_RESULTS, (doc) => passes(items[doc]!));
  if (order === 'outline') ranked.sort((a, b) => a.doc - b.doc);
  return ranked.map((r) => {
    const skill = r.viaSkill === undefined ? undefined : skills[r.doc]![r.viaSkill];
    return {
      ...fromItem(items[r.doc]!),
      ...(skill && { viaSkill: skill }),
      ...(r.alsoAt && { alsoAt: r.alsoAt.length }),
    };
  });
}

async function indexOf(base: string, frameworkId: string, items: readonly StandardsItem[]): Promise<DeviceIndex> {
  const { documents, skills } = await deviceDocuments(base, frameworkId, items);
  // In slices: the page keeps answering keys while a large framework is indexed.
  return { index: await inSlices(SearchIndex.building(documents)), skills };
}
