import { ExportBranchButtons } from '../../features/export/export-branch-buttons';
import { ItemDetail, type ItemDetailProps } from '../../features/item-detail/item-detail';
import { ItemConnections } from '../../features/connections/item-connections';

/** The details with what the full app offers (branch export and print, connections); the embed has neither. */
export function ItemDetailPanel(props: Omit<ItemDetailProps, 'renderBranchActions' | 'renderConnections'>) {
  return (
    <ItemDetail
      {...props}
      renderBranchActions={(item, framework) => <ExportBranchButtons item={item} framework={framework} />}
      renderConnections={(item, level) => <ItemConnections key={item.caseIdentifierUUID} item={item} headingLevel={level} />}
    />
  );
}
