/**
 * A set carried whole in a link's fragment (`#set=…`): its name, note and standard ids,
 * compressed, so no server keeps anything and nothing reaches a server log (browsers
 * never send the fragment).
 *
 * Layout before compression (format 1):
 *   byte 0          the format (1)
 *   varint L        length of the header
 *   L bytes         UTF-8 JSON {"n": name, "d"?: note, "s"?: the set's own id,
 *                   "f"?: its standards' frameworks as [CASE UUID, name] pairs, so a
 *                   device without them can say which framework to save}
 *   16 bytes each   the standards' CASE UUIDs, in the set's order
 * then raw DEFLATE (fflate, level 9) and base64url. The ids go as bytes, not text: random
 * UUIDs do not compress, so 16 bytes beat 36 characters; ids that share a tail (the
 * data's time-based UUIDs) still compress to about half.
 *
 * Reading never trusts the link: every way it can be wrong (not base64url, not DEFLATE, too
 * big when inflated, a header longer than what follows, a cut id, too many ids, a name
 * that is not text, a standard named twice) ends in a `SetLinkError` saying so, never an
 * exception of another kind.
 *
 * Its length does not depend on the set's order: random UUIDs do not compress at all, so
 * `linkLengthBound` (16 bytes a standard plus the header, in base64) holds for any order
 * and any ids; the README states it and the property test asserts it.
 */
import { deflateSync, inflateSync } from 'fflate';
import { UUID_PATTERN } from '../../contract/uuid';
import { cleanName, cleanNote } from './set-name';
import { MAX_FRAGMENT_CHARS, SET_LINK_KEY, setValueOf } from './set-link-value';

export { MAX_FRAGMENT_CHARS, SET_LINK_KEY, setValueOf };

/** The most standards a link carries (a set larger than this is shared as a file). */
export const MAX_LINK_STANDARDS = 2000;
/**
 * The longest link the app offers without a warning: what old browsers' address bars,
 * proxies and LMS link fields all keep (Apache and nginx refuse request lines past 8 KB;
 * Canvas and Moodle store longer). The README states how many standards fit.
 */
export const LINK_BUDGET = 8000;
/** What a link's data may inflate to: the header plus the most ids, with room. */
const MAX_INFLATED = 64 * 1024;
const FORMAT = 1;

export interface SharedSet {
  name: string;
  note: string;
  /** The sharer's set id, when it came along: names the CASE document the same way on both sides. */
  setId?: string;
  /** The frameworks its standards belong to, when the link carries them. */
  frameworks?: LinkFramework[];
  ids: string[];
}

export interface LinkFramework {
  caseIdentifierUUID: string;
  name: string;
}

/** The most frameworks a link names (a set spanning more still travels; offline words then say less). */
const MAX_LINK_FRAMEWORKS = 8;
/** A framework's name in a link: enough to recognise it. */
const MAX_FRAMEWORK_NAME = 80;

export class SetLinkError extends Error {}

const toBytes = (uuid: string) => {
  const hex = uuid.replace(/-/g, '');
  return Uint8Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
};
const toUuid = (bytes: Uint8Array) => {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

function varint(n: number): number[] {
  const out: number[] = [];
  do {
    out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  return out;
}

function readVarint(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  for (let shift = 0, i = at; i < bytes.length && shift <= 21; shift += 7, i++) {
    value |= (bytes[i]! & 0x7f) << shift;
    if (!(bytes[i]! & 0x80)) return { value, next: i + 1 };
  }
  throw new SetLinkError('The link is cut short or damaged.');
}

const toBase64Url = (bytes: Uint8Array) => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const fromBase64Url = (text: string) => {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1)
    throw new SetLinkError('This is not a set link: it holds characters a set link never has.');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/** The header's bytes: name, note, set id, frameworks. */
function headerOf(set: SharedSet) {
  const frameworks = (set.frameworks ?? [])
    .filter((f) => UUID_PATTERN.test(f.caseIdentifierUUID))
    .slice(0, MAX_LINK_FRAMEWORKS)
    .map((f) => [f.caseIdentifierUUID, cleanName(f.name).slice(0, MAX_FRAMEWORK_NAME)]);
  return new TextEncoder().encode(
    JSON.stringify({
      n: cleanName(set.name),
      ...(set.note && { d: cleanNote(set.note) }),
      ...(set.setId && { s: set.setId }),
      ...(frameworks.length && { f: frameworks }),
    }),
  );
}

/** Bytes DEFLATE may add to data it cannot compress: a few per stored block (measured: at most 6 below 16 KB). */
const deflateOverhead = (bytes: number) => 5 * Math.ceil(bytes / 16_000) + 1;

/**
 * The longest the fragment's value can be for this set, in any order of its standards and
 * whatever their UUIDs: the raw bytes (format, length, header, 16 a standard) as DEFLATE
 * stores what it cannot compress, in base64url.
 */
export function linkLengthBound(set: SharedSet): number {
  const raw = 1 + 3 + headerOf(set).length + 16 * set.ids.length;
  return Math.ceil(((raw + deflateOverhead(raw)) * 4) / 3);
}

/** The fragment's value for a set (without `#set=`). */
export function encodeSet(set: SharedSet): string {
  // A set holds each standard once; the reader refuses a link that repeats one.
  const ids = [...new Set(set.ids.filter((id) => UUID_PATTERN.test(id)).map((id) => id.toLowerCase()))];
  if (ids.length > MAX_LINK_STANDARDS)
    throw new SetLinkError(
      `A link carries at most ${MAX_LINK_STANDARDS} standards; this set has ${ids.length}. Share it as a file instead.`,
    );
  const header = headerOf(set);
  const raw = new Uint8Array(1 + 3 + header.length + ids.length * 16);
  let at = 0;
  raw[at++] = FORMAT;
  for (const b of varint(header.length)) raw[at++] = b;
  raw.set(header, at);
  at += header.length;
  for (const id of ids) {
    raw.set(toBytes(id), at);
    at += 16;
  }
  return toBase64Url(deflateSync(raw.subarray(0, at), { level: 9 }));
}

/** A set from a fragment's value; a `SetLinkError` that says what is wrong with it otherwise. */
export function decodeSet(value: string): SharedSet {
  if (!value) throw new SetLinkError('The link holds no set: its end (after “#set=”) is missing.');
  if (value.length > MAX_FRAGMENT_CHARS) throw new SetLinkError('The link is too long to be a set link.');
  const packed = fromBase64Url(value);
  let raw: Uint8Array;
  try {
    raw = inflateSync(packed, { out: new Uint8Array(MAX_INFLATED + 1) });
  } catch {
    throw new SetLinkError('The link is cut short or damaged: its set cannot be read. Ask for the link again, copied whole.');
  }
  if (raw.length > MAX_INFLATED) throw new SetLinkError('The link holds more than a set link can.');
  if (raw[0] !== FORMAT) throw new SetLinkError('This set link was made by a newer version of the app, or is damaged.');
  const { value: headerLength, next } = readVarint(raw, 1);
  if (next + headerLength > raw.length) throw new SetLinkError('The link is cut short or damaged.');
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw.subarray(next, next + headerLength)));
  } catch {
    throw new SetLinkError('The link is damaged: its set name cannot be read.');
  }
  const h = (typeof header === 'object' && header !== null ? header : {}) as Record<string, unknown>;
  if (typeof h.n !== 'string') throw new SetLinkError('This is not a set link: it names no set.');
  const body = raw.subarray(next + headerLength);
  if (body.length % 16 !== 0) throw new SetLinkError('The link is cut short: its last standard is incomplete.');
  const count = body.length / 16;
  if (count > MAX_LINK_STANDARDS)
    throw new SetLinkError(`The link holds ${count} standards, more than the ${MAX_LINK_STANDARDS} a set link may.`);
  const ids = Array.from({ length: count }, (_, i) => toUuid(body.subarray(i * 16, i * 16 + 16)));
  // The app never puts a standard in a link twice: a repeat means a link made by hand or damaged.
  const first = new Map<string, number>();
  ids.forEach((id, i) => {
    const at = first.get(id);
    if (at !== undefined) throw new SetLinkError(`The link is damaged: it names standard ${id} twice (as number ${at + 1} and ${i + 1}).`);
    first.set(id, i);
  });
  const isPair = (f: unknown): f is [string, string] =>
    Array.isArray(f) && f.length === 2 && typeof f[0] === 'string' && UUID_PATTERN.test(f[0]) && typeof f[1] === 'string';
  if (h.f !== undefined && !(Array.isArray(h.f) && h.f.length <= MAX_LINK_FRAMEWORKS && h.f.every(isPair)))
    throw new SetLinkError('The link is damaged: the frameworks it names cannot be read.');
  return {
    name: cleanName(h.n) || 'Shared set',
    note: typeof h.d === 'string' ? cleanNote(h.d) : '',
    ...(typeof h.s === 'string' && UUID_PATTERN.test(h.s) && { setId: h.s.toLowerCase() }),
    ...(Array.isArray(h.f) &&
      h.f.length > 0 && {
        frameworks: (h.f as Array<[string, string]>).map(([id, name]) => ({ caseIdentifierUUID: id.toLowerCase(), name: cleanName(name) })),
      }),
    ids,
  };
}

/** A link's set, or what is wrong with the link, in words a page can show. */
export function readSetLink(value: string | null): { set: SharedSet } | { error: string } {
  if (value === null) return { error: 'This link holds no set: it has no “#set=…” part. Ask for the link again, copied whole.' };
  try {
    return { set: decodeSet(value) };
  } catch (e) {
    return { error: e instanceof SetLinkError ? e.message : 'This set link cannot be read.' };
  }
}

/** The whole link to the shared view of a set, on this app's own address. */
export const setLink = (origin: string, set: SharedSet) => `${origin}/shared#${SET_LINK_KEY}=${encodeSet(set)}`;
