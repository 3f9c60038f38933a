/**
 * Where a set link keeps its set (`#set=…`), read without decoding it: what the embed's
 * parameters check on every load, so the compression library loads only with a set.
 */
export const SET_LINK_KEY = 'set';
/** A fragment longer than this is refused before it is decoded. */
export const MAX_FRAGMENT_CHARS = 60_000;

/** `#set=…` (or `set=…`, or a whole link) → the value after `set=`, or null when there is none. */
export function setValueOf(fragmentOrLink: string): string | null {
  const hash = fragmentOrLink.includes('#') ? fragmentOrLink.slice(fragmentOrLink.indexOf('#') + 1) : fragmentOrLink;
  return new URLSearchParams(hash).get(SET_LINK_KEY);
}
