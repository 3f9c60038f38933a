/**
 * Keyboard model of the ARIA tree pattern: Up/Down move, Right expands or enters,
 * Left collapses or goes to the parent, Home/End, Enter/Space activate, and typing
 * jumps to the next row whose code or name starts with what was typed.
 */
import type { TreeRow } from '../../../contract/outline/flatten-tree';

export type TreeCommand = { type: 'focus'; index: number } | { type: 'toggle'; index: number } | { type: 'activate'; index: number } | null;

/** What type-ahead can match on a row: its code and its name (domains and groupings have no code). */
export function rowLabels(row: TreeRow): string[] {
  if (row.kind !== 'item') return [];
  return [row.item.statementCode, row.item.description].filter((s): s is string => !!s).map((s) => s.toLowerCase());
}

export function commandForKey(key: string, rows: TreeRow[], index: number, typed: string): TreeCommand {
  const row = rows[index];
  if (!row) return rows.length ? { type: 'focus', index: 0 } : null;
  switch (key) {
    case 'ArrowDown':
      return { type: 'focus', index: Math.min(index + 1, rows.length - 1) };
    case 'ArrowUp':
      return { type: 'focus', index: Math.max(index - 1, 0) };
    case 'Home':
      return { type: 'focus', index: 0 };
    case 'End':
      return { type: 'focus', index: rows.length - 1 };
    case 'ArrowRight':
      if (row.kind !== 'item' || row.expanded === undefined) return null;
      if (!row.expanded) return { type: 'toggle', index };
      // Into the first child once it is loaded; a loading row is not a place to stand.
      return rows[index + 1]?.parentKey === row.key && rows[index + 1]?.kind === 'item' ? { type: 'focus', index: index + 1 } : null;
    case 'ArrowLeft': {
      if (row.kind === 'item' && row.expanded) return { type: 'toggle', index };
      const parent = rows.findIndex((r) => r.key === row.parentKey);
      return parent >= 0 ? { type: 'focus', index: parent } : null;
    }
    case 'Enter':
    case ' ':
      return { type: 'activate', index };
    default:
      if (typed) {
        const needle = typed.toLowerCase();
        for (let step = 1; step <= rows.length; step++) {
          // A repeated first letter cycles; a longer prefix may match the current row.
          const i = (index + (typed.length > 1 ? step - 1 : step)) % rows.length;
          if (rowLabels(rows[i]!).some((label) => label.startsWith(needle))) return { type: 'focus', index: i };
        }
      }
      return null;
  }
}
