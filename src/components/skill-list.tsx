/**
 * A list of learning components (skills), each a link to its skill page, written as the
 * data writes it (Markdown, math and the safe HTML subset, like descriptions). Used by
 * the details, the crosswalk evidence and the skill page.
 */
import { Link } from '@tanstack/react-router';
import type { LearningComponent } from '../../contract/learning-component-schemas';
import { RichText } from './rich-text/rich-text';

export interface SkillListProps {
  skills: Pick<LearningComponent, 'identifier' | 'description' | 'inLanguage'>[];
  /** The list's accessible name. */
  label: string;
}

export function SkillList({ skills, label }: SkillListProps) {
  return (
    <ul aria-label={label} className="space-y-1">
      {skills.map((s) => (
        <li key={s.identifier} className="flex items-start gap-2 text-sm">
          <span aria-hidden className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-slate-400 dark:bg-slate-500" />
          <span className="min-w-0 flex-1">
            <Link
              to="/skills/$identifier"
              params={{ identifier: s.identifier }}
              className="text-blue-700 underline decoration-blue-300 underline-offset-2 hover:decoration-blue-700 dark:text-blue-300 dark:decoration-blue-700"
            >
              <RichText text={s.description} inline lang={s.inLanguage} />
            </Link>
          </span>
        </li>
      ))}
    </ul>
  );
}
