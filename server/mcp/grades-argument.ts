/**
 * A tool's grade argument as assistants write it: one grade ("3", 3, "K") or a list
 * (["9","10"]), as the hosted tools accept either. A plain union: the SDK publishes it
 * as JSON Schema, which cannot carry a transform.
 */
import * as z from 'zod/v4';

const one = z.union([z.string().max(10), z.number().int().min(0).max(13)]);

export const gradeArgument = z
  .union([one, z.array(one).max(15)])
  .optional()
  .describe('One grade ("3", "K") or a list such as ["K","1"] or ["9","10","11","12"].');

/** The grades as the REST API names them ("k" → "K", 3 → "3", " 03 " → "3"). */
export function gradesOf(v: z.infer<typeof gradeArgument>): string[] {
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).map((g) => {
    const s = String(g).trim().toUpperCase();
    return /^\d+$/.test(s) ? String(Number(s)) : s;
  });
}
