import { describe, expect, it } from 'vitest';
import type { StandardsItem } from '../../../contract/schemas';
import type { ChildrenState } from '../../../contract/outline/children-state';
import { flattenTree } from '../../../contract/outline/flatten-tree';
import { commandForKey } from './tree-keyboard';

function item(id: string, extra: Partial<StandardsItem> = {}): StandardsItem {
  return {
    identifier: id,
    caseIdentifierUUID: id,
    caseIdentifierURI: null,
    name: null,
    statementCode: null,
    description: id,
    statementType: null,
    normalizedStatementType: 'Standard Grouping',
    jurisdiction: 'California',
    academicSubject: 'Mathematics',
    gradeLevel: ['K', '1', '2', '3'],
    inLanguage: 'en-US',
    dateCreated: null,
    dateModified: null,
    notes: null,
    author: 'a',
    provider: 'p',
    license: 'l',
    attributionStatement: 's',
    hasChildren: false,
    ...extra,
  };
}

const content = item('content', { hasChildren: true });
const hs = item('hs', { hasChildren: true, gradeLevel: ['9', '10', '11', '12'] });
const g3 = item('g3', { hasChildren: true, gradeLevel: ['3'] });
const gK = item('gK', { hasChildren: true, gradeLevel: ['K'] });
const std = item('3.1', { statementCode: '3.1', gradeLevel: ['3'], normalizedStatementType: 'Standard' });
const loaded = (items: StandardsItem[], hasMore = false): ChildrenState => ({ status: 'success', items, hasMore, loadingMore: false });

describe('flattenTree', () => {
  it('lists expanded children under their parent with ARIA level and position', () => {
    const { rows } = flattenTree({
      roots: [content, hs],
      expanded: new Set(['content']),
      children: new Map([['content', loaded([gK, g3])]]),
      filters: null,
    });
    expect(rows.map((r) => [r.key, r.level, r.kind === 'item' ? r.expanded : r.kind, r.posinset, r.setsize])).toEqual([
      ['content', 1, true, 1, 2],
      ['content/gK', 2, false, 1, 2],
      ['content/g3', 2, false, 2, 2],
      ['hs', 1, false, 2, 2],
    ]);
  });

  it('shows loading, error, offline and load-more rows where children are not (all) there', () => {
    const children = new Map<string, ChildrenState>([
      ['content', { status: 'pending' }],
      ['hs', { status: 'error', error: new Error('x') }],
      ['g3', loaded([std], true)],
      ['gK', { status: 'offline' }],
    ]);
    const { rows } = flattenTree({
      roots: [content, hs, g3, gK],
      expanded: new Set(['content', 'hs', 'g3', 'gK']),
      children,
      filters: null,
    });
    expect(rows.map((r) => r.kind)).toEqual(['item', 'loading', 'item', 'error', 'item', 'item', 'more', 'item', 'offline']);
  });

  it('prunes by grade on the client and counts what it hid', () => {
    const { rows, hiddenCount } = flattenTree({
      roots: [content, hs],
      expanded: new Set(['content']),
      children: new Map([['content', loaded([gK, g3])]]),
      filters: { grades: ['3'] },
    });
    expect(rows.map((r) => r.key)).toEqual(['content', 'content/g3']);
    expect(hiddenCount).toBe(2);
  });

  it('keeps a grouping when a loaded descendant matches the type, and unloaded groupings that may hold matches', () => {
    const children = new Map([
      ['content', loaded([g3])],
      ['g3', loaded([std])],
    ]);
    const { rows } = flattenTree({
      roots: [content, hs],
      expanded: new Set(['content', 'g3']),
      children,
      filters: { grades: [], type: 'Standard' },
    });
    expect(rows.map((r) => r.key)).toEqual(['content', 'content/g3', 'content/g3/3.1', 'hs']);
    const none = flattenTree({
      roots: [content],
      expanded: new Set(['content']),
      children: new Map([
        ['content', loaded([gK])],
        ['gK', loaded([])],
      ]),
      filters: { grades: [], type: 'Standard' },
    });
    expect(none.rows).toEqual([]);
  });

  it('treats an item inside its own path as a leaf (bad data cannot loop)', () => {
    const loop = item('loop', { hasChildren: true });
    const { rows } = flattenTree({
      roots: [loop],
      expanded: new Set(['loop']),
      children: new Map([['loop', loaded([loop])]]),
      filters: null,
    });
    expect(rows.map((r) => [r.key, r.kind === 'item' && r.expanded])).toEqual([
      ['loop', true],
      ['loop/loop', undefined],
    ]);
  });
});

describe('tree keyboard', () => {
  const { rows } = flattenTree({
    roots: [content, hs],
    expanded: new Set(['content']),
    children: new Map([['content', loaded([gK, g3])]]),
    filters: null,
  });
  it('moves, enters, leaves and jumps', () => {
    expect(commandForKey('ArrowDown', rows, 0, '')).toEqual({ type: 'focus', index: 1 });
    expect(commandForKey('ArrowRight', rows, 0, '')).toEqual({ type: 'focus', index: 1 });
    expect(commandForKey('ArrowRight', rows, 1, '')).toEqual({ type: 'toggle', index: 1 });
    expect(commandForKey('ArrowLeft', rows, 2, '')).toEqual({ type: 'focus', index: 0 });
    expect(commandForKey('ArrowLeft', rows, 0, '')).toEqual({ type: 'toggle', index: 0 });
    expect(commandForKey('End', rows, 0, '')).toEqual({ type: 'focus', index: 3 });
    expect(commandForKey('Enter', rows, 2, '')).toEqual({ type: 'activate', index: 2 });
    expect(commandForKey('type', rows, 0, 'h')).toEqual({ type: 'focus', index: 3 });
    expect(commandForKey('type', rows, 0, 'zz')).toBeNull();
  });
});
