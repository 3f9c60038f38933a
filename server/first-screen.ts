/**
 * The first screen of a framework page, drawn into its HTML: the framework's name and the
 * first rows of its outline, opened for the page's filters by the same rule the browser
 * runs (contract/outline), read from the same store that answers the API. On a slow phone
 * network the standards are readable before the scripts arrive; React replaces this with
 * the live page on its first render. Plain text (no typeset math) and no controls: it is a
 * picture of the page, hidden from assistive technology until the page itself is there.
 */
import { GRADE_LEVELS, gradeRank, sortSiblings } from '../contract/natural-sort';
import { flattenTree, type ItemRow } from '../contract/outline/flatten-tree';
import type { ChildrenState } from '../contract/outline/children-state';
import type { ItemFilters } from '../contract/outline/item-filters';
import { openLevels } from '../contract/outline/open-levels';
import { toPlainText } from '../contract/plain-text';
import { ACADEMIC_SUBJECTS, NORMALIZED_STATEMENT_TYPES, type StandardsItem } from '../contract/schemas';
import { UUID_PATTERN } from '../contract/uuid';
import type { StandardsStore } from './store/standards-store';
import { escapeHtml } from './escape-html';

/** Enough rows for a desktop's first screen; a phone shows fewer. */
const FIRST_ROWS = 14;
/** Characters of a row's text drawn: rows show ten lines at most on a phone. */
const ROW_CHARS = 600;

/** The page's filters from its address, read as the app reads them (invalid values are dropped). */
function filtersOf(url: URL): ItemFilters {
  const grades = (url.searchParams.get('grades') ?? '')
    .split(',')
    .map((g) => g.trim().toUpperCase())
    .filter((g): g is (typeof GRADE_LEVELS)[number] => (GRADE_LEVELS as readonly string[]).includes(g));
  const pick = <T extends string>(value: string | null, allowed: readonly T[]) => allowed.find((a) => a === value);
  return {
    grades: [...new Set(grades)].sort((a, b) => gradeRank(a) - gradeRank(b)),
    subject: pick(url.searchParams.get('subject'), ACADEMIC_SUBJECTS),
    type: pick(url.searchParams.get('type'), NORMALIZED_STATEMENT_TYPES),
  };
}

/** The first rows of the outline as the browser would open it for these filters. */
export async function firstRows(store: StandardsStore, frameworkId: string, filters: ItemFilters): Promise<ItemRow[]> {
  // From before the first position (-1), as the API's first page.
  const childrenOf = (id: string) =>
    sortSiblings(store.children(id, -1, 1000).rows.map((r) => JSON.parse(r.json.toString()) as StandardsItem));
  const roots = childrenOf(frameworkId);
  const known = new Map<string, ChildrenState>();
  const open = new Set<string>();
  if (filters.grades.length || filters.subject || filters.type)
    await openLevels({
      roots,
      filters,
      open: () => open,
      childrenOf: (id) => known.get(id) ?? { status: 'pending' },
      load: (ids) => {
        for (const id of ids) known.set(id, { status: 'success', items: childrenOf(id), hasMore: false, loadingMore: false });
        return true;
      },
      expand: (ids) => ids.forEach((id) => open.add(id)),
    });
  return flattenTree({ roots, expanded: open, children: known, filters })
    .rows.filter((r): r is ItemRow => r.kind === 'item')
    .slice(0, FIRST_ROWS);
}

const CHEVRON =
  '<svg viewBox="0 0 20 20" class="h-4 w-4" fill="currentColor"><path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L11.6 10 7.3 5.7a1 1 0 0 1 0-1.4Z" /></svg>';

/** One row, drawn with the classes of the app's row (tree-row.tsx), so the page does not move when it takes over. */
function rowHtml(row: ItemRow): string {
  const { item } = row;
  const arrow =
    row.expanded === undefined
      ? '<span class="w-7 shrink-0"></span>'
      : `<span class="-my-0.5 flex h-7 w-7 shrink-0 items-center justify-center text-slate-500${row.expanded ? ' [&>svg]:rotate-90' : ''}">${CHEVRON}</span>`;
  const tick =
    '<span class="-my-0.5 flex h-7 w-7 shrink-0 items-center justify-center"><span class="flex h-4.5 w-4.5 items-center justify-center border-2 rounded border-slate-400 dark:border-slate-500"></span></span>';
  const code = item.statementCode
    ? `<bdi class="mr-2 font-mono text-[13px] font-semibold text-slate-900 dark:text-slate-100">${escapeHtml(item.statementCode)}</bdi>`
    : '';
  const text = escapeHtml((toPlainText(item.description) ?? '').slice(0, ROW_CHARS));
  return `<div class="flex w-full gap-2 overflow-hidden border-b [--tree-indent:0.625rem] sm:[--tree-indent:1.25rem] border-slate-100 pr-3 text-sm dark:border-slate-800/70 items-start py-2.5 leading-6" style="padding-left: calc(${row.level - 1} * var(--tree-indent) + 0.5rem); min-height: 44px">${arrow}${tick}<span data-row-text class="relative block min-w-0 flex-1 break-words text-slate-700 [unicode-bidi:isolate] dark:text-slate-300 line-clamp-10 max-h-60 sm:line-clamp-3 sm:max-h-18 overflow-hidden">${code}${text}</span></div>`;
}

/**
 * The first screen of `url` when it is a framework page the store holds (outline view, no
 * open item: a shared standard opens at its details, which are the app's to draw); null otherwise.
 */
export async function firstScreenHtml(store: StandardsStore, url: URL): Promise<string | null> {
  const match = /^\/frameworks\/([^/]+)\/?$/.exec(url.pathname);
  if (!match || url.searchParams.get('view') === 'list' || url.searchParams.has('item')) return null;
  const frameworkId = match[1]!.toLowerCase();
  if (!UUID_PATTERN.test(frameworkId)) return null;
  const json = store.getFramework(frameworkId);
  if (!json) return null;
  const framework = JSON.parse(json.toString()) as { name: string | null; jurisdiction: string | null; academicSubject: string | null };
  const rows = await firstRows(store, frameworkId, filtersOf(url));
  if (rows.length === 0) return null;
  const facts = [framework.jurisdiction, framework.academicSubject].filter(Boolean).join(' · ');
  return `<div aria-hidden="true" data-first-screen class="flex flex-col gap-3 sm:gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start lg:gap-x-5">
  <div class="space-y-1 lg:col-span-2">
    <h1 class="text-xl font-semibold tracking-tight sm:text-2xl">${escapeHtml(framework.name ?? 'Framework')}</h1>
    <p class="text-sm text-slate-600 dark:text-slate-400">${escapeHtml(facts)}</p>
  </div>
  <div class="min-w-0 space-y-3 sm:space-y-4">
    <div class="h-10 rounded-lg border border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900"></div>
    <div class="max-sm:-mx-4"><div class="rounded-xl border border-slate-200 bg-white max-sm:rounded-none max-sm:border-x-0 dark:border-slate-800 dark:bg-slate-900">${rows.map(rowHtml).join('')}</div></div>
  </div>
</div>`;
}
