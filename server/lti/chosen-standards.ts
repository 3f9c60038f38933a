/**
 * The standards a deep link or resource link names, read from the Standards API this
 * server answers (local data or the proxied service) and shaped for LTI: code, the
 * description as plain text, where it comes from, and the attribution it must carry.
 */
import { splitList } from '../../contract/lists';
import { toPlainText } from '../../contract/plain-text';
import { standardsItemSchema } from '../../contract/schemas';
import { UUID_PATTERN } from '../../contract/uuid';

export interface ChosenStandard {
  id: string;
  code: string | null;
  text: string;
  jurisdiction: string | null;
  subject: string | null;
  grades: string[];
  attribution: string;
}

/** At most this many standards travel in one deep link (the picker's own limit). */
export const MAX_CHOSEN = 100;

/** Ids from a comma-separated list: whole CASE UUIDs, each once, in order; anything else is reported. */
export function readChosenIds(raw: string | undefined): { ids: string[]; problem: string | null } {
  const parts = splitList(raw);
  const bad = parts.find((p) => !UUID_PATTERN.test(p));
  if (bad !== undefined) return { ids: [], problem: `“${bad.slice(0, 60)}” is not a standard’s CASE UUID.` };
  const ids = [...new Set(parts.map((p) => p.toLowerCase()))];
  if (ids.length > MAX_CHOSEN) return { ids: [], problem: `${ids.length} standards were named; a link carries at most ${MAX_CHOSEN}.` };
  return { ids, problem: null };
}

export type ReadItem = (id: string) => Promise<Response>;

/** Each id's standard, or null where the API does not know it (removed from the data since). */
export async function readChosen(ids: readonly string[], readItem: ReadItem): Promise<Array<ChosenStandard | null>> {
  return Promise.all(
    ids.map(async (id) => {
      const res = await readItem(id);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`The Standards API answered ${res.status} for ${id}.`);
      const item = standardsItemSchema.parse(await res.json());
      return {
        id: item.caseIdentifierUUID,
        code: item.statementCode,
        text: toPlainText(item.description) ?? item.name ?? '',
        jurisdiction: item.jurisdiction,
        subject: item.academicSubject,
        grades: item.gradeLevel ?? [],
        attribution: item.attributionStatement,
      };
    }),
  );
}

/** The distinct attribution statements of a list, in first-seen order. */
export const attributionsOf = (standards: readonly ChosenStandard[]) => [...new Set(standards.map((s) => s.attribution))];
