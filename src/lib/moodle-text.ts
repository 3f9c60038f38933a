/**
 * Text as Moodle's competency import keeps it (tool_lpimportcsv, core_competency):
 *
 * - short names and ID numbers are cleaned as PARAM_TEXT (PHP's strip_tags: a `<` not
 *   followed by a space opens a "tag" that swallows the text up to the next `>`) and cut
 *   to 100 characters; the competency is then validated against the same cleaning, so a
 *   name the cleaning would change is refused mid-import. Names here are one line, never
 *   longer than 100 characters, and keep every `<` as text;
 * - the file is read by PHP's fgetcsv, whose escape character is a backslash: a backslash
 *   right before a quote would join two cells and make Moodle refuse the file. Short names
 *   show a backslash as ⧵ (reverse solidus operator), descriptions as the entity &#92;;
 * - descriptions are HTML (format 1), so the text is escaped, never trusted as markup.
 */

/** Moodle's limit for a short name and an ID number (its columns are 100 characters). */
export const MOODLE_MAX_LENGTH = 100;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** A half of a surrogate pair alone: no reader shows it, and Moodle's UTF-8 check would drop it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Length as Moodle counts it (characters, that is code points: PHP's mb_strlen). */
export const moodleLength = (text: string) => [...text].length;

/**
 * At most `max` characters, cut between whole characters as people see them (an accent
 * stays with its letter, an emoji whole), ending in "…" when cut.
 */
export function fitTo(text: string, max = MOODLE_MAX_LENGTH): string {
  if (moodleLength(text) <= max) return text;
  let out = '';
  for (const { segment } of segmenter.segment(text)) {
    if (moodleLength(out) + moodleLength(segment) > max - 1) break;
    out += segment;
  }
  return `${out.trimEnd()}…`;
}

/** One line of plain text that PARAM_TEXT leaves as it is and fgetcsv reads whole. */
export function plainLine(text: string): string {
  return (
    text
      .replace(LONE_SURROGATE, '\uFFFD')
      .replace(/[\p{Cc}\s]+/gu, ' ')
      .trim()
      .replace(/\\/g, '⧵')
      // strip_tags leaves a `<` alone only when a space follows it.
      .replace(/<(?! )/g, '< ')
  );
}

/** A short name: the plain line, cut to Moodle's 100 characters. */
export function shortNameText(text: string): string {
  const fitted = fitTo(plainLine(text));
  // A cut that ends on a `<` would put the "…" right after it, where strip_tags reads a tag.
  return fitted.endsWith('<…') ? `${fitted.slice(0, -2).trimEnd()}…` : fitted;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '\\': '&#92;' };

/** Text as HTML text (and attribute values): nothing in it is markup. */
export const escapeHtml = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD').replace(/[&<>"'\\]/g, (c) => HTML_ESCAPES[c]!);

/** Scripts written right to left: a paragraph that starts in one of them reads from the right. */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]|\uD802[\uDC00-\uDFFF]|\uD83A[\uDD00-\uDD5F]/;
const FIRST_STRONG = /[\p{L}]/u;

/** "rtl" when the text's first letter belongs to a right-to-left script (the Unicode rule for a paragraph's direction). */
export function directionOf(text: string): 'rtl' | 'ltr' {
  const first = FIRST_STRONG.exec(text)?.[0] ?? '';
  return RTL_LETTER.test(first) ? 'rtl' : 'ltr';
}

/**
 * A paragraph of text as HTML. Moodle cleans descriptions with HTML Purifier, which keeps
 * `dir` only as "ltr" or "rtl" (not "auto"), so the direction is worked out here.
 */
export function paragraph(text: string): string {
  const line = text.trim();
  if (!line) return '';
  const lines = line
    .split(/\r\n|\r|\n/)
    .map(escapeHtml)
    .join('<br>');
  return directionOf(line) === 'rtl' ? `<p dir="rtl">${lines}</p>` : `<p>${lines}</p>`;
}
