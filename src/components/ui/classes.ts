/**
 * The few control styles every screen shares, in one place so a button in a set
 * looks and behaves like one on the offline page (and a restyle is one edit).
 */

const outlined = 'rounded-md border bg-white px-3 text-sm font-medium disabled:opacity-40 dark:bg-slate-900';
const smallOutlined = `h-8 ${outlined}`;
const neutral = 'border-slate-300 text-slate-800 hover:border-blue-500 hover:text-blue-800 dark:border-slate-700 dark:text-slate-200';

/** A small secondary action: outlined, white, blue edge on hover. */
export const outlineButton = `${smallOutlined} ${neutral}`;

/** An outlineButton whose label may wrap on a narrow phone: it grows rather than spill out of its border. */
export const wrappingOutlineButton = `min-h-8 py-1 ${outlined} ${neutral}`;

/** A small action that deletes something (after the user confirmed). */
export const dangerButton = `${smallOutlined} border-red-300 text-red-800 hover:border-red-600 dark:border-red-800 dark:text-red-300`;

/** The one main action of a form or panel. */
export const primaryButton = 'h-9 rounded-md bg-blue-700 px-4 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-50';

/** Text inputs and selects. */
export const field = 'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900';

/** The search box above a framework's tree. */
export const searchField = 'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900';
