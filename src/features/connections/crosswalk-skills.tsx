/**
 * The evidence behind a crosswalk: the skills of both standards, shared ones first, opened
 * on demand. Where one side's skills are not in the data (Common Core's, in the carried
 * subset), it says so and gives the alignment record's counts instead of guessing them.
 */
import { useQuery } from '@tanstack/react-query';
import type { LearningComponent } from '../../../contract/learning-component-schemas';
import { standardSkillsOptions } from '../../api/skills';
import { SkillList } from '../../components/skill-list';
import { ErrorMessage } from '../../components/ui/error-message';
import { useApiSource } from '../../lib/api-source';
import { COMMON_CORE_JURISDICTION, type AlignmentNumbers } from '../../lib/alignment';
import { useState } from 'react';

interface Side {
  caseIdentifierUUID: string;
  statementCode: string | null;
  jurisdiction: string | null;
}

/** Common Core items carry this jurisdiction; a crosswalk's counts name the state side and the Common Core side. */
const isCore = (s: Side) => s.jurisdiction === COMMON_CORE_JURISDICTION;
/** How many skills the alignment record says this side has. */
const countOf = (s: Side, a: AlignmentNumbers) => (isCore(s) ? a.ccssLCCount : a.stateLCCount);

export interface CrosswalkSkillsProps {
  /** The standard whose details are open, and the one it aligns with. */
  from: Side;
  to: Side;
  alignment: AlignmentNumbers;
}

/** A disclosure under an alignment: "Which skills?" → the skills side by side. */
export function CrosswalkSkills(props: CrosswalkSkillsProps) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-1 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-xs font-medium text-blue-700 dark:text-blue-300">
        Which skills? ({props.alignment.sharedLCCount} shared)
      </summary>
      {open && <SkillsCompared {...props} />}
    </details>
  );
}

function SkillsCompared({ from, to, alignment }: CrosswalkSkillsProps) {
  const source = useApiSource();
  const a = useQuery(standardSkillsOptions(source, from.caseIdentifierUUID));
  const b = useQuery(standardSkillsOptions(source, to.caseIdentifierUUID));
  if (a.isPending || b.isPending)
    return (
      <p role="status" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        Loading skills…
      </p>
    );
  if (a.isError || b.isError) {
    const failed = a.isError ? a : b;
    return <ErrorMessage error={failed.error} what="skills" onRetry={() => void failed.refetch()} />;
  }
  const sides = [
    { side: from, skills: a.data },
    { side: to, skills: b.data },
  ];
  const missing = sides.filter((s) => s.skills.length === 0 && countOf(s.side, alignment) > 0);
  if (missing.length > 0)
    return (
      <div className="mt-2 space-y-2 rounded-md bg-slate-50 p-2 dark:bg-slate-800/60">
        {missing.map(({ side }) => (
          <p key={side.caseIdentifierUUID} className="text-xs text-slate-700 dark:text-slate-300">
            The skills of {sideName(side)} are not in this data. The alignment record says it has {countOf(side, alignment)} and that the
            two standards share {alignment.sharedLCCount}; which ones they are cannot be shown.
          </p>
        ))}
        {sides
          .filter((s) => s.skills.length > 0)
          .map(({ side, skills }) => (
            <Group
              key={side.caseIdentifierUUID}
              title={
                <>
                  Skills of {sideName(side)} ({skills.length})
                </>
              }
              skills={skills}
              label={`Skills of ${side.statementCode ?? 'the standard'}`}
            />
          ))}
      </div>
    );
  const groups = compareSkills(a.data, b.data);
  return (
    <div className="mt-2 space-y-2 rounded-md bg-slate-50 p-2 dark:bg-slate-800/60">
      {groups.shared.length > 0 && <Group title={`Shared (${groups.shared.length})`} skills={groups.shared} label="Shared skills" />}
      {sides.map(({ side }, i) => {
        const only = i === 0 ? groups.onlyFrom : groups.onlyTo;
        return only.length > 0 ? (
          <Group
            key={side.caseIdentifierUUID}
            title={
              <>
                Only in {sideName(side)} ({only.length})
              </>
            }
            skills={only}
            label={`Skills only in ${side.statementCode ?? 'one standard'}`}
          />
        ) : null;
      })}
    </div>
  );
}

/** "California 3.NF.A.1", "Common Core 3.NF.A.1": both sides often carry the same code. */
function sideName(s: Side) {
  const where = isCore(s) ? 'Common Core' : s.jurisdiction;
  return (
    <>
      {where ? `${where} ` : ''}
      <bdi className="font-mono">{s.statementCode ?? 'standard'}</bdi>
    </>
  );
}

function Group({ title, skills, label }: { title: React.ReactNode; skills: LearningComponent[]; label: string }) {
  return (
    <div>
      <p className="text-xs font-semibold text-slate-700 dark:text-slate-300">{title}</p>
      <SkillList skills={skills} label={label} />
    </div>
  );
}

/** Both standards' skills: the ones they share (by identifier) first, then each side's own. */
export function compareSkills(from: LearningComponent[], to: LearningComponent[]) {
  const inTo = new Set(to.map((s) => s.identifier));
  const inFrom = new Set(from.map((s) => s.identifier));
  return {
    shared: from.filter((s) => inTo.has(s.identifier)),
    onlyFrom: from.filter((s) => !inTo.has(s.identifier)),
    onlyTo: to.filter((s) => !inFrom.has(s.identifier)),
  };
}
