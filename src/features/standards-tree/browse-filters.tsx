import { ACADEMIC_SUBJECTS, GRADE_LEVELS, NORMALIZED_STATEMENT_TYPES } from '../../../contract/schemas';
import type { GradeLevel } from '../../../contract/natural-sort';
import { field } from '../../components/ui/classes';
import type { BrowseParams } from '../../lib/browse-params';

export interface BrowseFiltersProps {
  /** The page's address, where the filters live: grades, subject, type and full text. */
  params: Pick<BrowseParams, 'grades' | 'subject' | 'type' | 'text'>;
  view: 'outline' | 'list';
  /** The framework's own subjects: a Math framework offers no Science filter. */
  subjects: readonly string[];
  onChange: (change: Partial<BrowseParams>) => void;
}

const NO_GRADES: readonly GradeLevel[] = [];

/** The statement types as the rows name them (a row's badge is its own type, e.g. Domain or Component). */
export const TYPE_LABELS: Record<(typeof NORMALIZED_STATEMENT_TYPES)[number], string> = {
  Standard: 'Standards and components',
  'Standard Grouping': 'Groupings (domains, clusters…)',
  Other: 'Other',
};

export function BrowseFilters({ params, view, subjects, onChange }: BrowseFiltersProps) {
  const { grades = NO_GRADES, subject, type } = params;
  const fullText = params.text === 'full';
  // One subject is no choice; a subject from an old link still shows so it can be cleared.
  const subjectChoices = ACADEMIC_SUBJECTS.filter((s) => subjects.includes(s) || s === subject);
  const toggleGrade = (g: GradeLevel) => onChange({ grades: grades.includes(g) ? grades.filter((x) => x !== g) : [...grades, g] });
  return (
    <div className="flex flex-wrap items-end gap-x-5 gap-y-3">
      <div role="group" aria-label="Grade" className="flex flex-wrap items-center gap-1">
        <span className="mr-1 text-sm font-medium text-slate-700 dark:text-slate-300" aria-hidden>
          Grade
        </span>
        {GRADE_LEVELS.map((g) => (
          <button
            key={g}
            type="button"
            aria-pressed={grades.includes(g)}
            onClick={() => toggleGrade(g)}
            className="h-8 min-w-8 rounded-md border border-slate-300 px-1.5 text-sm font-medium text-slate-700 hover:border-blue-500 aria-pressed:border-blue-700 aria-pressed:bg-blue-700 aria-pressed:text-white dark:border-slate-700 dark:text-slate-300 dark:aria-pressed:border-blue-500 dark:aria-pressed:bg-blue-600"
          >
            {g}
          </button>
        ))}
        {grades.length > 0 && (
          <button
            type="button"
            onClick={() => onChange({ grades: [] })}
            className="ml-1 text-sm text-blue-700 underline dark:text-blue-400"
          >
            All grades
          </button>
        )}
      </div>
      {(subjectChoices.length > 1 || subject) && (
        <label className="flex w-full min-w-0 flex-col gap-1 text-sm font-medium text-slate-700 sm:w-auto dark:text-slate-300">
          Subject
          <select
            className={`${field} w-full min-w-0 sm:w-auto`}
            value={subject ?? ''}
            onChange={(e) => onChange({ subject: (e.target.value || undefined) as BrowseParams['subject'] })}
          >
            <option value="">All subjects</option>
            {subjectChoices.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
      )}
      <label className="flex w-full min-w-0 flex-col gap-1 text-sm font-medium text-slate-700 sm:w-auto dark:text-slate-300">
        Show
        <select
          // A long type name must not widen a 320 px phone's page: the select takes the row's width there.
          className={`${field} w-full min-w-0 sm:w-auto`}
          value={type ?? ''}
          onChange={(e) => onChange({ type: (e.target.value || undefined) as BrowseParams['type'] })}
        >
          <option value="">All types</option>
          {NORMALIZED_STATEMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-center gap-2">
        <div role="group" aria-label="View" className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-700">
          {(['outline', 'list'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => onChange({ view: v })}
              className="h-8 rounded px-3 text-sm font-medium capitalize text-slate-700 aria-pressed:bg-slate-900 aria-pressed:text-white dark:text-slate-300 dark:aria-pressed:bg-slate-100 dark:aria-pressed:text-slate-900"
            >
              {v === 'outline' ? 'Outline' : 'List'}
            </button>
          ))}
        </div>
        <button
          type="button"
          aria-pressed={fullText}
          onClick={() => onChange({ text: fullText ? undefined : 'full' })}
          className="h-9 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-700 aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white dark:border-slate-700 dark:text-slate-300 dark:aria-pressed:border-slate-100 dark:aria-pressed:bg-slate-100 dark:aria-pressed:text-slate-900"
        >
          Full text
        </button>
      </div>
    </div>
  );
}
