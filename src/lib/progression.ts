/**
 * A learning progression as the app holds it (nodes by step from the centre, edges that
 * build towards), the rules its walk follows (grade range, the chain through the chosen
 * standard), and how a state standard's progression is derived through the crosswalks.
 * Pure, so every rule is tested without a browser or a server (decision 017).
 */
import type { Crosswalk, StandardSummary } from '../../contract/connection-schemas';
import { deriveList, type Counterparts } from '../../contract/derived/through-matches';
import { gradeRank, type GradeLevel } from '../../contract/natural-sort';

// The rules for lists live with the other derivations, shared by every surface.
export { deriveList, type Counterparts, type DerivedStandard } from '../../contract/derived/through-matches';

/** A standard in a progression: its summary, grades, and steps from the centre (− before, + after). */
export interface ProgressionNode {
  standard: StandardSummary;
  grades: string[] | null;
  step: number;
  /** In a derived progression: the Common Core standard this one stands for. */
  core?: StandardSummary;
  /** In a derived progression: no state standard is identical to `core`, so this is the Common Core one. */
  unmatched?: boolean;
}

export interface Progression {
  centre: string;
  nodes: Map<string, ProgressionNode>;
  /** `from` builds towards `to`. */
  edges: Array<{ from: string; to: string }>;
  /** Standards related to the centre (no order implied). */
  related: StandardSummary[];
  /** Attribution statements of the connections shown. */
  attributions: string[];
  /** Standards the walk reached but left out as other branches (see nextSteps). */
  leftOut: number;
  /** Derived progressions: the identical Common Core match they are read through. */
  derivedThrough?: Crosswalk;
}

/** How far a progression is followed from its centre. */
export interface ProgressionWalk {
  /** Steps each way. */
  depth: number;
  /** Grades kept (inclusive), by grade token; either may be open. */
  from?: GradeLevel;
  to?: GradeLevel;
  /** Follow every branch, not only the chain through the centre. */
  branches?: true;
}

/** "All" steps: enough for any chain from kindergarten to grade 12. */
export const ALL_STEPS = 20;

/**
 * The strand a code belongs to, read from the code: `1.NBT.B.2` → `NBT`, `HSA-CED.A.1` →
 * `HSA-CED`, `K.CC.A.1` → `CC`. The first part that is not a grade; the whole code where
 * every part is one.
 */
export function strandOf(code: string | null): string {
  const parts = (code ?? '').split(/[.\s]+/).filter(Boolean);
  return parts.find((p) => gradeRank(p) < 0 && !/^\d+$/.test(p)) ?? code ?? '';
}

/** Whether a standard's grades meet the walk's range (an ungraded standard always does). */
export function inGradeRange(grades: readonly string[] | null | undefined, walk: Pick<ProgressionWalk, 'from' | 'to'>): boolean {
  if (!grades?.length || (!walk.from && !walk.to)) return true;
  const low = walk.from ? gradeRank(walk.from) : -Infinity;
  const high = walk.to ? gradeRank(walk.to) : Infinity;
  return grades.some((g) => {
    const r = gradeRank(g);
    return r < 0 || (r >= low && r <= high);
  });
}

/**
 * Which of a standard's next steps the walk follows. By default the chain through the
 * centre: where some next steps stay in the standard's own strand (place value leads on
 * to place value), only those; where none does, all of them, so a chain that changes
 * strand (counting in kindergarten → place value in grade 1) goes on. With `branches`,
 * every step.
 */
export function nextSteps<T extends { statementCode: string | null }>(from: string | null, steps: readonly T[], branches = false): T[] {
  if (branches) return [...steps];
  const strand = strandOf(from);
  const same = steps.filter((s) => strandOf(s.statementCode) === strand);
  return same.length ? same : [...steps];
}

/**
 * A Common Core progression read in a state's standards: each node becomes the state
 * standard the crosswalk rates identical to it (the centre becomes the state standard
 * itself); a node without one stays, marked `unmatched`. Two Common Core standards read as
 * one state standard become one node; edges follow.
 */
export function deriveProgression(
  core: Progression,
  centre: StandardSummary & { gradeLevel?: string[] | null },
  via: Crosswalk,
  counterparts: Counterparts,
): Progression {
  const idOf = new Map<string, string>();
  const nodes = new Map<string, ProgressionNode>();
  for (const [coreId, n] of core.nodes) {
    if (coreId === core.centre) {
      idOf.set(coreId, centre.caseIdentifierUUID);
      nodes.set(centre.caseIdentifierUUID, { standard: centre, grades: centre.gradeLevel ?? n.grades, step: 0, core: n.standard });
      continue;
    }
    const same = counterparts.get(coreId)?.[0];
    const standard: StandardSummary = same ? { ...same, relationship: n.standard.relationship } : n.standard;
    const id = standard.caseIdentifierUUID;
    idOf.set(coreId, id);
    if (nodes.has(id)) continue;
    nodes.set(id, { standard, grades: same?.gradeLevel ?? n.grades, step: n.step, core: n.standard, unmatched: !same });
  }
  const edges = new Map<string, { from: string; to: string }>();
  for (const e of core.edges) {
    const from = idOf.get(e.from) ?? e.from;
    const to = idOf.get(e.to) ?? e.to;
    if (from !== to) edges.set(`${from}>${to}`, { from, to });
  }
  return {
    ...core,
    centre: centre.caseIdentifierUUID,
    nodes,
    edges: [...edges.values()],
    related: deriveList(core.related, counterparts).map((d) => d.standard),
    derivedThrough: via,
  };
}

/** Every standard of a progression in order of step, then code: what "Add these to the set" adds. */
export function progressionStandards(p: Progression): ProgressionNode[] {
  return [...p.nodes.values()].sort((a, b) => a.step - b.step);
}
