/**
 * The evidence behind a crosswalk: its strength and counts, and the skills of both
 * standards, shared ones first, opened on demand. The counts are stated as
 * contract/derived's crosswalkEvidence states them everywhere, so "shares N of M" never
 * contradicts the lists under it; where the data pins the shared skills down (an
 * identical crosswalk) they are named, even where one side lists none of its own
 * (Common Core's, in the carried subset); where it cannot, it says so.
 */
import { useQuery } from '@tanstack/react-query';
import { crosswalkEvidence, recordNote, sharesText, type CrosswalkEvidence } from '../../../contract/derived/crosswalk-evidence';
import { standardName } from '../../../contract/derived/through-matches';
import type { LearningComponent } from '../../../contract/learning-component-schemas';
import { standardSkillsOptions } from '../../api/skills';
import { SkillList } from '../../components/skill-list';
import { ErrorMessage } from '../../components/ui/error-message';
import { useApiSource } from '../../lib/api-source';
import { COMMON_CORE_JURISDICTION, type AlignmentNumbers } from '../../lib/alignment';
import { useState } from 'react';
import { AlignmentStrength } from './alignment-strength';

interface Side {
  caseIdentifierUUID: string;
  statementCode: string | null;
  jurisdiction: string | null;
}

/** Common Core items carry this jurisdiction; a crosswalk's counts name the state side and the Common Core side. */
const isCore = (s: Side) => s.jurisdiction === COMMON_CORE_JURISDICTION;

export interface CrosswalkSkillsProps {
  /** The standard whose details are open, and the one it aligns with. */
  from: Side;
  to: Side;
  alignment: AlignmentNumbers & { stateLCListed?: number };
}

/** The crosswalk's evidence, from the skills the data lists for its state side (the record's counts until they load). */
function useCrosswalkEvidence({
  from,
  to,
  alignment,
  listNotNeeded,
}: CrosswalkSkillsProps & { listNotNeeded?: boolean }): CrosswalkEvidence {
  const source = useApiSource();
  const state = isCore(from) ? to : from;
  // Where the API says how many the data lists, a line without the list needs no request.
  const counted = listNotNeeded && alignment.stateLCListed !== undefined;
  const listed = useQuery({ ...standardSkillsOptions(source, state.caseIdentifierUUID), enabled: !counted });
  return crosswalkEvidence(alignment, listed.data ?? null);
}

/** "shares 2 of 2 skills", as the evidence states it (for a line that shows no list). */
export function SharesText(props: CrosswalkSkillsProps) {
  return <>{sharesText(useCrosswalkEvidence({ ...props, listNotNeeded: true }))}</>;
}

/** An alignment's strength line, its wording, then "Which skills?" (the details' layout). */
export function CrosswalkEvidenceView(props: CrosswalkSkillsProps & { wording?: React.ReactNode }) {
  const evidence = useCrosswalkEvidence(props);
  return (
    <>
      <AlignmentStrength alignment={props.alignment} shares={evidence} />
      {props.wording}
      <CrosswalkSkills {...props} />
    </>
  );
}

/** A disclosure under an alignment: "Which skills? (N shared)" → the skills side by side, the counts as the line above states them. */
export function CrosswalkSkills(props: CrosswalkSkillsProps) {
  const [open, setOpen] = useState(false);
  // Closed, the API's count says enough: a comparison of a whole grade asks for no lists.
  const evidence = useCrosswalkEvidence({ ...props, listNotNeeded: !open });
  const note = recordNote(evidence, standardName(isCore(props.from) ? props.to : props.from));
  return (
    <details className="mt-1 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-xs font-medium text-blue-700 dark:text-blue-300">
        Which skills? ({evidence.shared} shared)
      </summary>
      {open && (
        <>
          {note && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{note}</p>}
          <SkillsCompared {...props} evidence={evidence} />
        </>
      )}
    </details>
  );
}

function SkillsCompared({ from, to, evidence }: CrosswalkSkillsProps & { evidence: CrosswalkEvidence }) {
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
  const missing = sides.filter((s) => s.skills.length === 0);
  if (missing.length > 0)
    return (
      <div className="mt-2 space-y-2 rounded-md bg-slate-50 p-2 dark:bg-slate-800/60">
        {evidence.sharedSkills ? (
          <>
            {missing.map(({ side }) => (
              <p key={side.caseIdentifierUUID} className="text-xs text-slate-700 dark:text-slate-300">
                The data lists no skills of {sideName(side)} itself; the crosswalk rates the two identical (the same skills), so the shared
                ones are these.
              </p>
            ))}
            <Group title={`Shared (${evidence.sharedSkills.length})`} skills={evidence.sharedSkills} label="Shared skills" />
          </>
        ) : (
          <>
            {missing.map(({ side }) => (
              <p key={side.caseIdentifierUUID} className="text-xs text-slate-700 dark:text-slate-300">
                The skills of {sideName(side)} are not in this data. The alignment record says the two standards share {evidence.shared} of{' '}
                {evidence.union}; which ones they are cannot be shown.
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
          </>
        )}
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
