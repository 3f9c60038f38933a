/**
 * The "Skills" part of a standard's details: the learning components it breaks into, in
 * plain words, each leading to every standard that expects it, with their attribution
 * (Achievement Network's skills, CC BY 4.0). Where the data lists none for the standard
 * itself, the skills of the standards the crosswalk rates identical, said so; or where
 * skills are listed instead (contract/derived, as every surface tells it).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import type { StandardsItem } from '../../../contract/schemas';
import { standardName, type Through } from '../../../contract/derived/through-matches';
import { derivedSkillsOptions } from '../../api/derived-connections';
import { SkillList } from '../../components/skill-list';
import { ErrorMessage } from '../../components/ui/error-message';
import { useApiSource } from '../../lib/api-source';
import { useShowsAttribution } from '../../lib/attribution-store';

/** Skills listed before "Show all". */
const FIRST_SKILLS = 8;

export interface ItemSkillsProps {
  item: StandardsItem;
  headingLevel?: 2 | 3;
  /** A standard named in a note (what skills were derived through), as a link the page chooses. */
  linkTo: (standard: Through, children: React.ReactNode) => React.ReactNode;
}

export function ItemSkills({ item, headingLevel = 3, linkTo }: ItemSkillsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const source = useApiSource();
  const headingId = useId();
  const client = useQueryClient();
  const told = useQuery(derivedSkillsOptions(client, source, item.caseIdentifierUUID));
  const list = told.data?.skills;
  const statements = [...new Set((list ?? []).map((s) => s.attributionStatement).filter(Boolean))];
  useShowsAttribution(statements);
  const count = list?.length;
  const through = told.data?.derivedThrough;
  const foundIn = told.data?.foundIn;
  const notSaved = told.data?.notSaved;
  // A standard may have 41 skills: the first few read as a list to plan from, the rest on request.
  const [all, setAll] = useState(false);
  const shown = all ? list : list?.slice(0, FIRST_SKILLS);

  return (
    <section aria-labelledby={headingId} className="space-y-2 border-t border-slate-100 pt-3 dark:border-slate-800">
      <Heading id={headingId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        Skills{count ? <span className="font-normal text-slate-600 dark:text-slate-400"> ({count})</span> : null}
      </Heading>
      {told.isPending && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading skills…
        </p>
      )}
      {told.isError && <ErrorMessage error={told.error} what="skills" onRetry={() => void told.refetch()} />}
      {count === 0 && notSaved && (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-skills-not-saved>
          Its skills are those of <Names list={notSaved} linkTo={linkTo} />, which the crosswalk rates identical; that framework is not
          saved on this device. Save it for offline use to see them here.
        </p>
      )}
      {count === 0 && !foundIn && !notSaved && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The Knowledge Graph lists no skills (learning components) for this standard.
        </p>
      )}
      {count === 0 && foundIn && (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-skills-found-in>
          The Knowledge Graph lists no skills for this standard itself. Skills are listed for the standards it matches:{' '}
          <Names list={foundIn} linkTo={linkTo} />.
        </p>
      )}
      {!!count && (
        <>
          {through ? (
            <p className="rounded-md bg-slate-50 p-2 text-xs text-slate-700 dark:bg-slate-800/60 dark:text-slate-300" data-derived-skills>
              Derived: the skills of <Names list={through} linkTo={linkTo} />, which the crosswalk rates identical (exactly the same
              skills). The data lists none for this standard itself.
            </p>
          ) : (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              The granular skills this standard is made of; open one to see every standard that expects it.
            </p>
          )}
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

/** "California 3.NF.A.1 and California 3.NF.A.1 (Algebra I)": each a link into its framework. */
function Names({ list, linkTo }: { list: readonly Through[]; linkTo: ItemSkillsProps['linkTo'] }) {
  return (
    <>
      {list.map((t, i) => (
        <Fragment key={t.caseIdentifierUUID}>
          {i > 0 && (i === list.length - 1 ? ' and ' : ', ')}
          {linkTo(t, standardName(t))}
        </Fragment>
      ))}
    </>
  );
}
