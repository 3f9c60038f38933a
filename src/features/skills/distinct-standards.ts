/**
 * A skill's standards as a person counts them: one standard once, however many courses a
 * framework places it in (California's HSA-REI.B.4 sits under Algebra I, Mathematics II
 * and the conceptual category: three items, one standard), with the places listed under
 * it. Pure.
 */
import type { SupportedStandard } from '../../../contract/learning-component-schemas';

export interface DistinctStandard {
  /** Its first place in the outline, standing for all. */
  standard: SupportedStandard;
  /** Every place it sits, each as its parents' codes or names, top first. */
  places: string[][];
}

/** Standards by framework and code (by item where a standard has no code), in the order first met. */
export function distinctStandards(list: readonly SupportedStandard[]): DistinctStandard[] {
  const byKey = new Map<string, DistinctStandard>();
  for (const s of list) {
    const key = `${s.frameworkCaseIdentifierUUID ?? s.jurisdiction ?? ''}\u0000${s.statementCode ?? s.caseIdentifierUUID}`;
    const seen = byKey.get(key);
    if (seen) seen.places.push(s.path ?? []);
    else byKey.set(key, { standard: s, places: [s.path ?? []] });
  }
  return [...byKey.values()];
}
