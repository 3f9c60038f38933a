import { Link } from '@tanstack/react-router';
import type { Framework } from '../../../contract/schemas';
import { useCommonCoreOf } from '../../api/frameworks';
import { useFrameworkReach } from '../../api/saved';
import { NotSaved } from '../../components/not-saved';
import { COMMON_CORE_JURISDICTION } from '../../lib/alignment';
import { useApiSource } from '../../lib/api-source';

export interface FrameworkHeaderProps {
  framework: Framework | undefined;
  loading: boolean;
}

/** The way back, the framework's name as the page's heading, its facts, and (math: the crosswalks' subject) the way to compare it. */
export function FrameworkHeader({ framework, loading }: FrameworkHeaderProps) {
  return (
    <div>
      {/* On a phone the logo is the way back; this link gives its line to the standards. */}
      <Link to="/" className="hidden text-sm text-blue-700 hover:underline sm:inline dark:text-blue-400">
        ← All frameworks
      </Link>
      <h1 className="text-xl sm:mt-1 font-semibold tracking-tight sm:text-2xl">{framework?.name ?? (loading ? '\u00a0' : 'Framework')}</h1>
      {framework && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {[framework.jurisdiction, framework.academicSubject].filter(Boolean).join(' · ')}
          {/* Its status and date give way on a phone, where the standards need the first screen. */}
          <span className="hidden sm:inline">
            {[framework.adoptionStatus, framework.dateModified && `updated ${framework.dateModified}`]
              .filter(Boolean)
              .map((fact) => ` · ${fact}`)
              .join('')}
          </span>
          {framework.academicSubject === 'Mathematics' && (
            <>
              {' · '}
              <CompareLink framework={framework} />
            </>
          )}
        </p>
      )}
    </div>
  );
}

/** The way to compare it with Common Core; offline, where Common Core is not saved, what is missing instead. */
function CompareLink({ framework }: { framework: Framework }) {
  const source = useApiSource();
  const isCore = framework.jurisdiction === COMMON_CORE_JURISDICTION;
  const core = useCommonCoreOf(source, framework);
  const { reachable } = useFrameworkReach(source, core?.caseIdentifierUUID);
  const label = isCore ? 'Compare with a state framework' : 'Compare with Common Core';
  if (core && !reachable) return <NotSaved frameworkId={core.caseIdentifierUUID} name={core.name} what="Compare with Common Core" />;
  return (
    // On a phone the link's words shorten to one (the name stays whole), keeping the line to one.
    <Link
      to="/compare"
      search={{ framework: framework.caseIdentifierUUID }}
      aria-label={label}
      className="text-blue-700 underline dark:text-blue-400"
    >
      <span className="sm:hidden">Compare</span>
      <span className="max-sm:hidden">{label}</span>
    </Link>
  );
}
