import { ExportBranchButtons } from '../../features/export/export-branch-buttons';
import { ItemDetail, type ItemDetailProps } from '../../features/item-detail/item-detail';

/** The details with what the full app offers for a branch (export, print); the embed has none. */
export function ItemDetailPanel(props: Omit<ItemDetailProps, 'renderBranchActions'>) {
  return <ItemDetail {...props} renderBranchActions={(item, framework) => <ExportBranchButtons item={item} framework={framework} />} />;
}
