import { ConnectionLink } from '../../features/connections/connection-link';
import { useQueryClient } from '@tanstack/react-query';
import { PROGRESSION_OPERATIONS } from '../../../contract/connection-operations';
import { useEffect } from 'react';
import { crosswalksOptions, progressionOptions } from '../../api/connections';
import { useApiSource } from '../../lib/api-source';
import { AddStandardsUnder } from '../../features/sets/add-standards-under';
import { ExportBranchButtons } from '../../features/export/export-branch-buttons';
import { ItemDetail, type ItemDetailProps } from '../../features/item-detail/item-detail';
import { ItemConnections, type ItemConnectionsProps } from '../../features/connections/item-connections';
import { ItemSkills } from '../../features/skills/item-skills';
import { standardSkillsOptions } from '../../api/skills';

/** The details with what the full app offers (branch export and print, skills, connections); the embed has none of them. */
export function ItemDetailPanel({
  openBeside,
  ...props
}: Omit<ItemDetailProps, 'renderBranchActions' | 'renderAddUnder' | 'renderConnections' | 'renderSkills'> &
  Pick<ItemConnectionsProps, 'openBeside'>) {
  // The skills and connections are asked for with the item, not after it: one round trip, not two.
  const source = useApiSource();
  const client = useQueryClient();
  useEffect(() => {
    for (const operation of PROGRESSION_OPERATIONS) void client.prefetchQuery(progressionOptions(source, operation, props.itemId));
    void client.prefetchQuery(crosswalksOptions(source, props.itemId));
    void client.prefetchQuery(standardSkillsOptions(source, props.itemId));
  }, [client, source, props.itemId]);
  return (
    <ItemDetail
      {...props}
      renderAddUnder={(item, framework) => (
        <AddStandardsUnder key={`add-under-${item.caseIdentifierUUID}`} item={item} framework={framework} />
      )}
      renderBranchActions={(item, framework) => <ExportBranchButtons item={item} framework={framework} />}
      renderSkills={(item, level) => (
        <ItemSkills
          key={`skills-${item.caseIdentifierUUID}`}
          item={item}
          headingLevel={level}
          linkTo={(standard, children) => (
            <ConnectionLink
              standard={standard}
              subject={item.academicSubject}
              className="font-medium text-blue-700 underline dark:text-blue-300"
            >
              {children}
            </ConnectionLink>
          )}
        />
      )}
      renderConnections={(item, level) => (
        <ItemConnections key={item.caseIdentifierUUID} item={item} headingLevel={level} openBeside={openBeside} />
      )}
    />
  );
}
