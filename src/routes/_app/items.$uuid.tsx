import { createFileRoute, Link } from '@tanstack/react-router';
import { ItemDetailPanel } from '../-components/item-detail-panel';

export const Route = createFileRoute('/_app/items/$uuid')({
  component: ItemPage,
});

function ItemPage() {
  const { uuid } = Route.useParams();
  return (
    <div className="mx-auto max-w-3xl space-y-3">
      <Link to="/" className="text-sm text-blue-700 hover:underline dark:text-blue-400">
        ← All frameworks
      </Link>
      <ItemDetailPanel
        itemId={uuid}
        headingLevel={1}
        permalink={`${location.origin}/items/${uuid}`}
        renderChildLink={(child, content) => (
          <Link to="/items/$uuid" params={{ uuid: child.caseIdentifierUUID }} className="hover:underline">
            {content}
          </Link>
        )}
      />
    </div>
  );
}
