/**
 * What changed from one wording of a standard to another, word by word: the longest
 * common sequence of words stays, the rest is marked removed (only in the first) or added
 * (only in the second). Texts are compared in their plain form (math as `1/b`), words
 * split at white space, so "triangles" and "triangles," differ as a reader would see.
 * Pure.
 */

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/** Past this many word pairs the texts are too far apart to mark word by word: all removed, all added. */
const MAX_CELLS = 250_000;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** A text's words as compared: white space collapsed to single spaces, ends trimmed. */
export const normalizeWording = (text: string) => words(text).join(' ');

/** Whether two texts say the same words (white space aside). */
export const sameWording = (a: string, b: string) => normalizeWording(a) === normalizeWording(b);

export function wordDiff(from: string, to: string): DiffPart[] {
  const a = words(from);
  const b = words(to);
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], word: string) => {
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += ` ${word}`;
    else parts.push({ kind, text: word });
  };
  if (a.length * b.length > MAX_CELLS) {
    if (a.length) parts.push({ kind: 'removed', text: a.join(' ') });
    if (b.length) parts.push({ kind: 'added', text: b.join(' ') });
    return parts;
  }
  // lcs[i][j]: the longest common run of a[i..] and b[j..], one row at a time in a flat array.
  const width = b.length + 1;
  const lcs = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i * width + j] = a[i] === b[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push('same', a[i]!);
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < a.length) push('removed', a[i++]!);
  while (j < b.length) push('added', b[j++]!);
  return parts;
}
