/**
 * What changed from one wording of a standard to another: the longest common sequence of
 * tokens stays, the rest is marked removed (only in the first) or added (only in the
 * second). Texts are compared in their plain form (math as `1/b`) as tokens: words (with
 * the marks inside them, "1/2", "3.5", "don't") and each punctuation mark on its own, so
 * white space and the spacing around punctuation are never differences ("( 1/2 , 1/4 )"
 * reads as "(1/2, 1/4)"), while a word or a mark that is there in one text only is.
 * Each part keeps the spacing its text had, to be shown as written. Pure.
 */

export type DiffPart = {
  kind: 'same' | 'added' | 'removed';
  text: string;
  /** Whether a space goes before the part (the first part: never). */
  gap: boolean;
};

/** Past this many token pairs the texts are too far apart to mark token by token: all removed, all added. */
const MAX_CELLS = 250_000;

interface Token {
  text: string;
  /** White space came before it in its text. */
  gap: boolean;
}

/** A word: letters and digits, with marks that join them inside it ("1/2", "3.5", "x^2", "don't", "two-digit"). */
const TOKEN = /[\p{L}\p{N}]+(?:[/.,^'’\-−×·:][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;

function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) out.push({ text: m[0], gap: m.index > 0 && /\s/.test(text[m.index - 1]!) });
  return out;
}

/**
 * A text's wording as compared: without its white space, so spacing never tells two
 * wordings apart ("( 1/2 , 1/4 )" and "(1/2, 1/4)", "3i" and "3 i", "1/3-cup" and "1/3 -cup").
 */
export const normalizeWording = (text: string) => text.normalize('NFC').replace(/\s+/g, '');

/** Whether two texts say the same words and marks (spacing aside). */
export const sameWording = (a: string, b: string) => normalizeWording(a) === normalizeWording(b);

export function wordDiff(from: string, to: string): DiffPart[] {
  const a = tokens(from.normalize('NFC'));
  const b = tokens(to.normalize('NFC'));
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], token: Token) => {
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += `${token.gap ? ' ' : ''}${token.text}`;
    else parts.push({ kind, text: token.text, gap: parts.length > 0 && token.gap });
  };
  if (a.length * b.length > MAX_CELLS) {
    for (const t of a) push('removed', t);
    for (const t of b) push('added', t);
    return parts;
  }
  // lcs[i][j]: the longest common run of a[i..] and b[j..], one row at a time in a flat array.
  const width = b.length + 1;
  const lcs = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i * width + j] =
        a[i]!.text === b[j]!.text ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]!.text === b[j]!.text) {
      // Shown as the second text spaces it.
      push('same', b[j]!);
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < a.length) push('removed', a[i++]!);
  while (j < b.length) push('added', b[j++]!);
  return withoutSpacingChanges(parts);
}

/**
 * A run of changes whose removed and added text differ only in spacing ("3i" → "3 i",
 * "1/3-cup" → "1/3 -cup") is the same text, spaced as the second has it.
 */
function withoutSpacingChanges(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  const add = (part: DiffPart) => {
    const last = out.at(-1);
    if (last?.kind === part.kind) last.text += `${part.gap ? ' ' : ''}${part.text}`;
    else out.push({ ...part, gap: out.length > 0 && part.gap });
  };
  for (let k = 0; k < parts.length;) {
    if (parts[k]!.kind === 'same') {
      add(parts[k++]!);
      continue;
    }
    let end = k;
    while (end < parts.length && parts[end]!.kind !== 'same') end++;
    const run = parts.slice(k, end);
    const side = (kind: DiffPart['kind']) => run.filter((p) => p.kind === kind);
    const added = side('added');
    if (
      normalizeWording(
        side('removed')
          .map((p) => p.text)
          .join(''),
      ) === normalizeWording(added.map((p) => p.text).join(''))
    )
      added.forEach((p, i) => add({ kind: 'same', text: p.text, gap: i === 0 ? run[0]!.gap : p.gap }));
    else run.forEach(add);
    k = end;
  }
  return out;
}
