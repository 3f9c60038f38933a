/** Names and notes of sets: one line of text, bounded; and the file name a set's export gets. */
export const MAX_NAME = 120;
export const MAX_NOTE = 1000;

/** A half of a surrogate pair alone: JSON would spell it in six bytes, and no reader shows it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** One line, no control characters, at most MAX_NAME characters. */
export const cleanName = (name: string) =>
  name
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .slice(0, MAX_NAME);

/** Lines and tabs kept, other control characters dropped, at most MAX_NOTE characters. */
export const cleanNote = (note: string) =>
  note
    .replace(LONE_SURROGATE, '\uFFFD')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .slice(0, MAX_NOTE);

/** “Grade 3 fractions unit” → `grade-3-fractions-unit`: lower case, safe on every file system. */
export function slug(name: string) {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'standards-set'
  );
}

/** What the app's own exports add after the set's name (`…-canvas-outcomes.csv`, `…-case.json`). */
const EXPORT_SUFFIX = /[-_ ](canvas[-_ ]outcomes|case)$/i;

/**
 * A file name read back as a set name: `grade-3-fractions-unit.csv` and
 * `grade-3-fractions-unit-canvas-outcomes.csv` → “Grade 3 fractions unit”.
 */
export function nameFromFilename(filename: string) {
  const base = filename.replace(/\.[a-z0-9]+$/i, '').replace(EXPORT_SUFFIX, '');
  const words = cleanName(base.replace(/[-_]+/g, ' '));
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

/**
 * A name no other set has: “Grade 3 fractions unit” again becomes “Grade 3 fractions unit
 * (2)”, then “(3)”; a name already numbered counts on from its own base. Names compare
 * case-insensitively, as a person reads them in the list.
 */
export function distinctName(name: string, taken: Iterable<string>) {
  const have = new Set([...taken].map((t) => t.toLowerCase()));
  if (!have.has(name.toLowerCase())) return name;
  const base = name.replace(/ \(\d+\)$/, '');
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, MAX_NAME - suffix.length)}${suffix}`;
    if (!have.has(candidate.toLowerCase())) return candidate;
  }
}
