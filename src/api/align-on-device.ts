/**
 * Alignment over a framework saved on this device, by the code and over the documents
 * the local API uses (contract/search/align.ts, documents.ts), so a saved framework
 * suggests what the API suggests. The index is built in slices between frames (the
 * largest framework takes ~0.4 s), once per saved framework while the page lives.
 */
import { AlignIndex } from '../../contract/search/align';
import type { SkillText } from '../../contract/search/documents';
import { placingExamples, placeOwnExamples, type OwnExample } from '../../contract/search/examples';
import { isIdentical } from '../../contract/alignment-strength';
import type { Crosswalk } from '../../contract/connection-schemas';
import { savedFrameworkConnections } from '../lib/saved-connections';
import { wholeBank } from './example-bank';
import type { StandardsItem } from '../../contract/schemas';
import { savedList } from '../lib/saved-standards';
import type { AlignHit } from './align';
import { deviceDocuments, inSlices } from './device-documents';

interface DeviceAligner {
  index: AlignIndex;
  items: StandardsItem[];
  skills: SkillText[][];
}

const aligners = new Map<string, Promise<DeviceAligner | undefined>>();
/** The saved frameworks whose index is built (read at once, so a panel opened again says ready from the start). */
const built = new Set<string>();

/** Starts building a saved framework's index (when the text box opens), so the answer is quick. */
export function prepareAligner(base: string, frameworkId: string): Promise<DeviceAligner | undefined> {
  const key = `${base} ${frameworkId}`;
  let aligner = aligners.get(key);
  if (!aligner) {
    aligner = build(base, frameworkId).catch(() => undefined);
    aligners.set(key, aligner);
    // Not saved (yet): ask again next time, the framework may be saved meanwhile.
    void aligner.then((a) => (a ? built.add(key) : aligners.delete(key)));
  }
  return aligner;
}

/** Whether the saved framework's index is built: a Find then answers at once. */
export const alignerReady = (base: string, frameworkId: string) => built.has(`${base} ${frameworkId}`);

/** The saved framework's suggestions, or undefined where it is not saved. */
export async function alignOnDevice(
  base: string,
  frameworkId: string,
  text: string,
  grades: readonly string[],
  limit: number,
  own: readonly OwnExample[] = [],
): Promise<AlignHit[] | undefined> {
  const aligner = await prepareAligner(base, frameworkId);
  if (!aligner) return undefined;
  const { index, items, skills } = aligner;
  const keep = (doc: number) => !grades.length || (items[doc]!.gradeLevel ?? []).some((g) => grades.includes(g));
  const placed = placeOwnExamples(own.length ? items.map((i) => i.caseIdentifierUUID) : [], own);
  return index.align(text, limit, keep, { own: placed }).map((a) => {
    const item = items[a.doc]!;
    return {
      caseIdentifierUUID: item.caseIdentifierUUID,
      statementCode: item.statementCode,
      description: item.description,
      gradeLevel: item.gradeLevel,
      attributionStatement: item.attributionStatement,
      score: a.score,
      words: a.words,
      skills: a.skills.map((s) => skills[a.doc]![s]!),
      recognised: a.concepts,
      ...(a.example && { example: a.example }),
      item,
    };
  });
}

async function build(base: string, frameworkId: string): Promise<DeviceAligner | undefined> {
  const items = await savedList(base, frameworkId);
  if (!items) return undefined;
  const { documents, skills } = await deviceDocuments(base, frameworkId, items);
  const [index, bank, crosswalks] = await Promise.all([
    inSlices(AlignIndex.building(documents)),
    wholeBank(),
    // A state's standards learn from their identical Common Core matches' examples (where the save holds its crosswalks).
    savedFrameworkConnections<Crosswalk>(base, frameworkId, 'crosswalks').catch(() => undefined),
  ]);
  const identical = (doc: number) =>
    (crosswalks?.get(items[doc]!.caseIdentifierUUID) ?? []).filter(isIdentical).map((x) => x.caseIdentifierUUID);
  const ids = items.map((i) => i.caseIdentifierUUID);
  await inSlices(
    (function* () {
      yield* index.usingExamples(yield* placingExamples(bank, ids, identical));
    })(),
  );
  return { index, items, skills };
}
