/**
 * Is what the user typed a statement code (`3.NF.A.1`, `hsa-ced.a`, `K.CC`) or words?
 * A code is letters/digits in two or more parts joined by `.` or `-`, with no spaces.
 */
export function looksLikeCode(input: string): boolean {
  return /^[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)+\.?$/.test(input.trim());
}

/** Case-insensitive: `hsa-ced.a` is a prefix of `HSA-CED.A.1`. */
export function codeStartsWith(code: string | null, prefix: string): boolean {
  return !!code && code.toLowerCase().startsWith(prefix.trim().toLowerCase().replace(/\.$/, ''));
}
