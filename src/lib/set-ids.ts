/**
 * One strict reading of the standards a set names, however it arrives: a file's CASE URI
 * or `vendor_guid` column, a JSON's `items`, the picker's `selected=`, a set link. Each id
 * must be a whole CASE UUID (a URI must end in one, with nothing after it), and listed
 * once; every problem is named with where it is ("Line 3", "selected, item 2") and why,
 * so the caller can refuse the whole set rather than load part of it.
 */
import { UUID_PATTERN } from '../../contract/uuid';

const GROUPS = [8, 4, 4, 4, 12];
const ORDINAL = ['first', 'second', 'third', 'fourth', 'last'];

/** Why a text is not a CASE UUID, in words ("its last group has 13 hex digits, not 12"); null when it is one. */
export function uuidProblem(text: string): string | null {
  if (UUID_PATTERN.test(text)) return null;
  const groups = text.split('-');
  if (groups.length === 5 && groups.every((g) => /^[0-9a-f]+$/i.test(g))) {
    const i = groups.findIndex((g, k) => g.length !== GROUPS[k]);
    return `its ${ORDINAL[i]} group has ${groups[i]!.length} hex digits, not ${GROUPS[i]}`;
  }
  return 'a CASE UUID is 32 hex digits in groups of 8-4-4-4-12';
}

/** What a CASE URI ends in (`…/CFItems/<uuid>`, `urn:uuid:<uuid>`): the text after its last "/" or ":". */
export const lastSegment = (text: string) => text.trim().split(/[/:]/).at(-1) ?? '';

export interface ListedId {
  /** The text as the source gives it. */
  raw: string;
  /** Where the source lists it: "Line 3", "Item 5", "selected, item 2". */
  where: string;
}

export interface ReadIds {
  /** Lower case, in the order listed, each once (only when there are no problems). */
  ids: Array<{ id: string; where: string }>;
  /** "Line 3: … (why)"; empty when every id is whole and listed once. */
  problems: string[];
}

/** A cell quoted in a problem: its first 60 characters, and an ellipsis where it goes on. */
export const cut = (text: string, n = 60) => (text.length > n ? `${text.slice(0, n)}…` : text);

/**
 * Reads listed ids strictly. `describe` names the cell in a problem ("the “CASE URI”
 * column"); `segment` picks the id out of the text (the last part of a URI).
 */
export function readIds(
  listed: readonly ListedId[],
  { describe, segment = (t: string) => t.trim() }: { describe: string; segment?: (text: string) => string },
): ReadIds {
  const ids: ReadIds['ids'] = [];
  const problems: string[] = [];
  const firstAt = new Map<string, string>();
  for (const { raw, where } of listed) {
    const text = raw.trim();
    if (!text) {
      problems.push(`${where}: ${describe} is empty.`);
      continue;
    }
    const candidate = segment(text);
    const why = uuidProblem(candidate);
    if (why) {
      problems.push(`${where}: ${describe} (“${cut(text)}”) does not ${candidate === text ? 'hold' : 'end in'} a CASE UUID: ${why}.`);
      continue;
    }
    const id = candidate.toLowerCase();
    const first = firstAt.get(id);
    if (first) {
      problems.push(`${where}: ${id} is listed again (first at ${first.toLowerCase()}).`);
      continue;
    }
    firstAt.set(id, where);
    ids.push({ id, where });
  }
  return { ids: problems.length ? [] : ids, problems };
}
