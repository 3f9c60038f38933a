/**
 * The outline a set's entries make: every item once (the set's standards and each grouping
 * above them, from their paths), with its parent, in the framework's order (siblings as the
 * tree orders them, read depth first), whatever order the designer gave the set. The CASE
 * package's CFItems and the Moodle framework's rows both follow it, so a tool that rebuilds
 * a tree from either shows the framework's own outline.
 */
import type { StandardsItem } from '../../contract/schemas';
import { sortSiblings } from '../../contract/natural-sort';
import type { ExportEntry } from './export-entries';

export interface SetOutline {
  items: ReadonlyMap<string, StandardsItem>;
  /** Each item's parent in the outline (null at its top). */
  parentOf: ReadonlyMap<string, string | null>;
  /** Each parent's children (null: the top level), in sibling order. */
  childrenOf: ReadonlyMap<string | null, StandardsItem[]>;
  /** Every item, depth first. */
  outline: StandardsItem[];
}

export function outlineOf(entries: readonly Pick<ExportEntry, 'item' | 'path'>[]): SetOutline {
  const items = new Map<string, StandardsItem>();
  const parentOf = new Map<string, string | null>();
  for (const { item, path } of entries) {
    const chain = [...path, item];
    chain.forEach((node, i) => {
      // The first path that reaches an item gives its parent: an item sits once in a tree.
      if (items.has(node.caseIdentifierUUID)) return;
      items.set(node.caseIdentifierUUID, node);
      parentOf.set(node.caseIdentifierUUID, i === 0 ? null : chain[i - 1]!.caseIdentifierUUID);
    });
  }
  const childrenOf = new Map<string | null, StandardsItem[]>();
  const addChild = (parent: string | null, item: StandardsItem) => {
    const siblings = childrenOf.get(parent);
    if (siblings) siblings.push(item);
    else childrenOf.set(parent, [item]);
  };
  for (const item of items.values()) addChild(parentOf.get(item.caseIdentifierUUID) ?? null, item);
  for (const [parent, children] of childrenOf) childrenOf.set(parent, sortSiblings(children));

  const outline: StandardsItem[] = [];
  const visited = new Set<string>();
  const visit = (parent: string | null) => {
    for (const child of childrenOf.get(parent) ?? []) {
      if (visited.has(child.caseIdentifierUUID)) continue;
      visited.add(child.caseIdentifierUUID);
      outline.push(child);
      visit(child.caseIdentifierUUID);
    }
  };
  visit(null);
  // Paths that disagree (an item above its own ancestor) leave items no top reaches; they
  // become tops of their own rather than vanish from what is handed on.
  for (const item of items.values()) {
    if (visited.has(item.caseIdentifierUUID)) continue;
    parentOf.set(item.caseIdentifierUUID, null);
    addChild(null, item);
    visited.add(item.caseIdentifierUUID);
    outline.push(item);
    visit(item.caseIdentifierUUID);
  }
  return { items, parentOf, childrenOf, outline };
}
