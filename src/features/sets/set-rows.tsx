import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { RichText } from '../../components/rich-text/rich-text';
import { excerpt } from '../../lib/excerpt';
import type { ExportEntry } from '../../lib/export-entries';
import { shortName } from '../../lib/item-name';
import { kindOf } from '../../lib/set-count';
import { groupTitle, runsOf } from '../../lib/set-groups';
import { currentSet } from '../../lib/sets-store';

/** Back to the standard: in its framework's tree when the framework is known, else on its own page. */
function StandardLink({ entry, children }: { entry: ExportEntry; children: React.ReactNode }) {
  const id = entry.item.caseIdentifierUUID;
  const fw = entry.framework.caseIdentifierUUID;
  const className = 'mr-2 font-mono font-semibold text-blue-700 underline dark:text-blue-300';
  return fw ? (
    <Link to="/frameworks/$frameworkId" params={{ frameworkId: fw }} search={{ item: id }} className={className}>
      {children}
    </Link>
  ) : (
    <Link to="/items/$uuid" params={{ uuid: id }} className={className}>
      {children}
    </Link>
  );
}

type Action = 'top' | 'up' | 'down' | 'bottom' | 'remove';
/** Each row's controls, in the order the keyboard reaches them. */
const MOVES: Array<{ action: Action; glyph: string; label: (name: string) => string }> = [
  { action: 'top', glyph: '⤒', label: (name) => `Move ${name} to the top` },
  { action: 'up', glyph: '↑', label: (name) => `Move ${name} up` },
  { action: 'down', glyph: '↓', label: (name) => `Move ${name} down` },
  { action: 'bottom', glyph: '⤓', label: (name) => `Move ${name} to the bottom` },
  { action: 'remove', glyph: 'Remove', label: (name) => `Remove ${name}` },
];
const moveButton =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md border border-slate-300 bg-white px-1.5 text-sm text-slate-800 hover:border-blue-500 hover:text-blue-800 disabled:opacity-30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200';

/** After a move the focus stays on the row's same control (or the nearest one still usable). */
function refocus(id: string, action: Action) {
  requestAnimationFrame(() => {
    const row = document.querySelector(`[data-set-row="${CSS.escape(id)}"]`);
    // At the top "up" is disabled, at the bottom "down": the nearest control the other way then.
    const order: Record<Action, Action[]> = {
      top: ['top', 'down', 'bottom'],
      up: ['up', 'down', 'bottom'],
      down: ['down', 'up', 'top'],
      bottom: ['bottom', 'up', 'top'],
      remove: ['remove'],
    };
    const button = order[action].map((a) => row?.querySelector<HTMLButtonElement>(`[data-action="${a}"]:not(:disabled)`)).find(Boolean);
    button?.focus();
  });
}

/**
 * A set's standards in its order, grouped under their framework and domain (a heading
 * where either changes, not a breadcrumb on every row). Editable: drag a row, or use its
 * buttons (to the top, up, down, to the bottom, remove) from the keyboard.
 */
export function SetRows({
  entries,
  editable,
  label,
  headingLevel = 3,
}: {
  entries: readonly ExportEntry[];
  editable: boolean;
  label: string;
  /** The group headings' level, one below the page's heading above the rows. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const ids = new Set(entries.map((e) => e.item.caseIdentifierUUID));
  const act = (entry: ExportEntry, index: number, action: Action) => {
    const id = entry.item.caseIdentifierUUID;
    if (action === 'remove') {
      currentSet.remove([id], shortName(entry.item));
      // The focus goes to the next row (or the one before) rather than to the page's top.
      const next = entries[index + 1] ?? entries[index - 1];
      if (next) refocus(next.item.caseIdentifierUUID, 'remove');
      return;
    }
    const to = { top: 0, up: index - 1, down: index + 1, bottom: entries.length - 1 }[action];
    currentSet.moveTo(id, to);
    refocus(id, action);
  };
  return (
    <div aria-label={label} role="group" className="space-y-4">
      {runsOf(entries).map((run) => (
        <section key={run.rows[0]!.entry.item.caseIdentifierUUID} className="space-y-2">
          <Heading className="text-sm font-semibold text-slate-700 dark:text-slate-300">
            <span>{run.framework}</span>
            {run.domain && (
              <>
                <span aria-hidden> · </span>
                <span className="font-normal">{excerpt(groupTitle(run.domain), 120)}</span>
              </>
            )}
          </Heading>
          <ol start={run.rows[0]!.index + 1} className="space-y-2">
            {run.rows.map(({ entry, index }) => {
              const id = entry.item.caseIdentifierUUID;
              const name = shortName(entry.item);
              // A part whose standard is in the set sits under it (a grouping in the set indents nothing).
              const isPart = entry.path.some((p) => ids.has(p.caseIdentifierUUID) && p.normalizedStatementType === 'Standard');
              const grouping = kindOf(entry) === 'grouping';
              return (
                <li
                  key={id}
                  data-set-row={id}
                  draggable={editable}
                  onDragStart={(e) => {
                    e.dataTransfer.setData('text/plain', id);
                    e.dataTransfer.effectAllowed = 'move';
                    setDragged(id);
                  }}
                  onDragEnd={() => {
                    setDragged(null);
                    setOver(null);
                  }}
                  onDragOver={(e) => {
                    if (!dragged) return;
                    e.preventDefault();
                    setOver(index);
                  }}
                  onDrop={(e) => {
                    e.preventDefault();
                    const from = e.dataTransfer.getData('text/plain') || dragged;
                    if (from) currentSet.moveTo(from, index);
                    setDragged(null);
                    setOver(null);
                  }}
                  className={`flex flex-col gap-2 rounded-lg border bg-white p-3 sm:flex-row dark:bg-slate-900 ${
                    over === index && dragged !== id ? 'border-blue-600 ring-2 ring-blue-600/40' : 'border-slate-200 dark:border-slate-800'
                  } ${isPart ? 'ml-4 sm:ml-8' : ''} ${dragged === id ? 'opacity-50' : ''}`}
                >
                  <div className="flex min-w-0 flex-1 gap-2">
                    {editable && (
                      <span aria-hidden className="mt-0.5 cursor-grab select-none text-slate-400" title="Drag to move">
                        ⠿
                      </span>
                    )}
                    <p className="min-w-0 text-sm [overflow-wrap:anywhere]">
                      <span className="mr-1 text-slate-500 dark:text-slate-400">{index + 1}.</span>
                      <StandardLink entry={entry}>
                        <bdi>{entry.item.statementCode ?? (grouping ? 'Grouping' : 'Open')}</bdi>
                      </StandardLink>
                      {grouping && entry.item.statementCode && (
                        <span className="mr-1 rounded bg-slate-100 px-1 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                          grouping
                        </span>
                      )}
                      <RichText text={excerpt(entry.item.description, 600)} inline lang={entry.item.inLanguage} />
                    </p>
                  </div>
                  {editable && (
                    <div
                      className="flex shrink-0 items-start gap-1 self-end sm:self-start"
                      role="group"
                      aria-label={`Move or remove ${name}`}
                    >
                      {MOVES.map(({ action, glyph, label }) => (
                        <button
                          key={action}
                          type="button"
                          data-action={action}
                          className={moveButton}
                          disabled={action === 'top' || action === 'up' ? index === 0 : action !== 'remove' && index === entries.length - 1}
                          onClick={() => act(entry, index, action)}
                          aria-label={label(name)}
                        >
                          {glyph}
                        </button>
                      ))}
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}
