/**
 * What choosing a row does: the tree itself only moves focus, expands and renders; a
 * behaviour says what is selected, what a click, Enter or Space does, and which mark a
 * row carries. The full app browses (open an item, tick it into the set being edited); the embed
 * picks.
 */
import type { StandardsItem } from '../../../contract/schemas';
import type { ItemRow } from '../../../contract/outline/flatten-tree';

export type { ItemRow };

export interface RowMark {
  round: boolean;
  on: boolean;
  onClick: () => void;
}

export interface RowBehaviour {
  /** aria-selected: the open item when browsing, the chosen ones when picking. */
  isSelected: (item: StandardsItem) => boolean;
  /** Enter or a click on a row; `toggle` opens or closes it. */
  activate: (row: ItemRow, ancestors: StandardsItem[], how: { byPointer: boolean; toggle: (id: string) => void }) => void;
  /** A checkbox or radio mark before the row's text, for mouse users. */
  mark?: (row: ItemRow, ancestors: StandardsItem[]) => RowMark;
  /** aria-checked and Space: rows that can be ticked (the set being edited). */
  checks?: { isChecked: (item: StandardsItem) => boolean; toggle: (item: StandardsItem, ancestors: StandardsItem[]) => void };
  multiselectable?: boolean;
}

export interface BrowseRowsOptions {
  selectedId?: string;
  /** The item and its ancestors as the user reached it (top level first). */
  onSelect: (item: StandardsItem, ancestors: StandardsItem[]) => void;
  /** Set ticks: a checkbox per row, aria-checked, Space toggles. */
  ticks?: { isChecked: (id: string) => boolean; toggle: (item: StandardsItem, ancestors: StandardsItem[]) => void };
}

/** The full app: a row opens its item; a click on a collapsed grouping also opens it. */
export function browseRows({ selectedId, onSelect, ticks }: BrowseRowsOptions): RowBehaviour {
  const checks = ticks && { isChecked: (item: StandardsItem) => ticks.isChecked(item.caseIdentifierUUID), toggle: ticks.toggle };
  return {
    isSelected: (item) => item.caseIdentifierUUID === selectedId,
    activate: (row, ancestors, { byPointer, toggle }) => {
      const id = row.item.caseIdentifierUUID;
      // A drill-down click opens a collapsed grouping; a click on the open, selected one closes it.
      if (byPointer && row.expanded !== undefined && (!row.expanded || id === selectedId)) toggle(id);
      onSelect(row.item, ancestors);
    },
    mark:
      checks && ((row, ancestors) => ({ round: false, on: checks.isChecked(row.item), onClick: () => checks.toggle(row.item, ancestors) })),
    checks,
  };
}

export interface PickRowsOptions {
  multiple: boolean;
  isPicked: (id: string) => boolean;
  onPick: (item: StandardsItem) => void;
}

/** The embed: a row is chosen, not opened; a click on a grouping expands it, Enter picks it. */
export function pickRows({ multiple, isPicked, onPick }: PickRowsOptions): RowBehaviour {
  return {
    isSelected: (item) => isPicked(item.caseIdentifierUUID),
    activate: (row, _ancestors, { byPointer, toggle }) => {
      if (byPointer && row.expanded !== undefined) toggle(row.item.caseIdentifierUUID);
      else onPick(row.item);
    },
    mark: (row) => ({ round: !multiple, on: isPicked(row.item.caseIdentifierUUID), onClick: () => onPick(row.item) }),
    multiselectable: multiple,
  };
}
