/** Names and notes of sets: one line of text, bounded; and the file name a set's export gets. */
export const MAX_NAME = 120;
export const MAX_NOTE = 1000;

/** One line, no control characters, at most MAX_NAME characters. */
export const cleanName = (name: string) =>
  name
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .slice(0, MAX_NAME);

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

/** A file name read back as a set name: `grade-3-fractions-unit.csv` → “Grade 3 fractions unit”. */
export function nameFromFilename(filename: string) {
  const words = cleanName(filename.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' '));
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}
