import type { GradeLevel } from '../../../contract/natural-sort';
import { CloseIcon } from '../../components/ui/icons';
import type { BrowseParams } from '../../lib/browse-params';
import { TYPE_LABELS } from './browse-filters';

export interface FilterChipsProps {
  params: Pick<BrowseParams, 'grades' | 'subject' | 'type'>;
  onChange: (change: Partial<BrowseParams>) => void;
}

/**
 * The filters in force, as chips in the phone's compact bar: what the tree shows is always
 * said, and each filter goes with one tap (the rest of the choices are in the Filters sheet).
 */
export function FilterChips({ params, onChange }: FilterChipsProps) {
  const grades: readonly GradeLevel[] = params.grades ?? [];
  const chips = [
    ...grades.map((g) => ({
      key: `grade-${g}`,
      label: g === 'K' ? 'Kindergarten' : g === 'PK' ? 'Pre-K' : `Grade ${g}`,
      remove: () => onChange({ grades: grades.filter((x) => x !== g) }),
    })),
    ...(params.subject ? [{ key: 'subject', label: params.subject, remove: () => onChange({ subject: undefined }) }] : []),
    ...(params.type
      ? [
          {
            key: 'type',
            label: TYPE_LABELS[params.type as keyof typeof TYPE_LABELS] ?? params.type,
            remove: () => onChange({ type: undefined }),
          },
        ]
      : []),
  ];
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Filters in use" className="flex flex-wrap gap-1.5">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={chip.remove}
            aria-label={`Remove the filter ${chip.label}`}
            className="inline-flex h-8 items-center gap-1 rounded-full border border-blue-300 bg-blue-50 pl-3 pr-2 text-sm font-medium text-blue-900 hover:border-blue-600 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100"
          >
            {chip.label}
            <CloseIcon className="h-4 w-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
