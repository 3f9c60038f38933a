/**
 * The "Skills" part of a standard's details: the learning components it breaks into, in
 * plain words, each leading to every standard that expects it, with their attribution
 * (Achievement Network's skills, CC BY 4.0).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { StandardsItem } from '../../../contract/schemas';
import { standardSkillsOptions } from '../../api/skills';
import { SkillList } from '../../components/skill-list';
import { ErrorMessage } from '../../components/ui/error-message';
import { useApiSource } from '../../lib/api-source';
import { useShowsAttribution } from '../../lib/attribution-store';

/** Skills listed before "Show all". */
const FIRST_SKILLS = 8;

export function ItemSkills({ item, headingLevel = 3 }: { item: StandardsItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const source = useApiSource();
  const headingId = useId();
  const skills = useQuery(standardSkillsOptions(source, item.caseIdentifierUUID));
  const statements = [...new Set((skills.data ?? []).map((s) => s.attributionStatement).filter(Boolean))];
  useShowsAttribution(statements);
  const count = skills.data?.length;
  // A standard may have 41 skills: the first few read as a list to plan from, the rest on request.
  const [all, setAll] = useState(false);
  const shown = all ? skills.data : skills.data?.slice(0, FIRST_SKILLS);

  return (
    <section aria-labelledby={headingId} className="space-y-2 border-t border-slate-100 pt-3 dark:border-slate-800">
      <Heading id={headingId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        Skills{count ? <span className="font-normal text-slate-600 dark:text-slate-400"> ({count})</span> : null}
      </Heading>
      {skills.isPending && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading skills…
        </p>
      )}
      {skills.isError && <ErrorMessage error={skills.error} what="skills" onRetry={() => void skills.refetch()} />}
      {count === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The Knowledge Graph lists no skills (learning components) for this standard.
        </p>
      )}
      {!!count && (
        <>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            The granular skills this standard is made of; open one to see every standard that expects it.
          </p>
          <SkillList skills={shown!} label={`Skills of ${item.statementCode ?? 'this standard'}`} />
          {count > FIRST_SKILLS && (
            <button
              type="button"
              aria-expanded={all}
              onClick={() => setAll(!all)}
              className="text-sm font-medium text-blue-700 underline dark:text-blue-300"
            >
              {all ? 'Show fewer skills' : `Show all ${count} skills`}
            </button>
          )}
          {statements.map((s) => (
            <p key={s} className="text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
              {s}
            </p>
          ))}
        </>
      )}
    </section>
  );
}
