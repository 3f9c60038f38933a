/**
 * Every standard a skill supports, grouped by framework (jurisdiction and name), in each
 * framework's outline order. How a standard is shown is the page's to say (it links into
 * its framework's outline).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { SupportedStandard } from '../../../contract/learning-component-schemas';
import { frameworksOptions } from '../../api/frameworks';
import { useApiSource } from '../../lib/api-source';

export interface SkillStandardsProps {
  standards: SupportedStandard[];
  renderStandard: (standard: SupportedStandard) => React.ReactNode;
}

interface FrameworkGroup {
  id: string;
  title: string;
  standards: SupportedStandard[];
}

export function SkillStandards({ standards, renderStandard }: SkillStandardsProps) {
  const source = useApiSource();
  const frameworks = useInfiniteQuery(frameworksOptions(source)).data?.pages.flatMap((p) => p.data) ?? [];
  const groups = new Map<string, FrameworkGroup>();
  for (const s of standards) {
    const id = s.frameworkCaseIdentifierUUID ?? `jurisdiction:${s.jurisdiction ?? ''}`;
    let group = groups.get(id);
    if (!group) {
      const framework = frameworks.find((f) => f.caseIdentifierUUID === s.frameworkCaseIdentifierUUID);
      const name = framework?.name ?? (s.frameworkCaseIdentifierUUID ? 'Framework' : 'Outside any framework');
      group = { id, title: `${s.jurisdiction ?? framework?.jurisdiction ?? 'Unknown jurisdiction'} · ${name}`, standards: [] };
      groups.set(id, group);
    }
    group.standards.push(s);
  }
  const sorted = [...groups.values()].sort((a, b) => a.title.localeCompare(b.title));
  return (
    <div className="space-y-4">
      {sorted.map((g) => (
        <section key={g.id} aria-label={g.title} className="space-y-1">
          <h2 className="text-base font-semibold">
            {g.title}{' '}
            <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
              ({g.standards.length} standard{g.standards.length === 1 ? '' : 's'})
            </span>
          </h2>
          <ul className="space-y-1">{g.standards.map((s) => renderStandard(s))}</ul>
        </section>
      ))}
    </div>
  );
}
