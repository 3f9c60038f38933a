import { createFileRoute } from '@tanstack/react-router';
import { PROGRESSION_OPERATIONS } from '../../../contract/connection-operations';
import * as z from 'zod/mini';
import { ProgressionPage } from '../-components/progression-page';
import { caseUuid, fallback } from '../../lib/browse-params';
import { getApiSource } from '../../lib/api-source';
import { itemOptions } from '../../api/standards';

const searchSchema = z.object({
  depth: fallback(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(4)))),
  via: fallback(caseUuid),
});

export const Route = createFileRoute('/_app/progressions/$uuid')({
  validateSearch: (raw) => searchSchema.parse(raw),
  // The standard and its first step each way are asked for before the page's code arrives.
  beforeLoad: ({ context, params }) => {
    const source = getApiSource();
    const id = params.uuid.toLowerCase();
    void context.queryClient.prefetchQuery(itemOptions(source, id));
    // Imported here, not at the top: the route's options are part of every page's first load.
    void import('../../api/connections').then(({ progressionOptions }) => {
      for (const operation of PROGRESSION_OPERATIONS) void context.queryClient.prefetchQuery(progressionOptions(source, operation, id));
    });
  },
  component: ProgressionRoute,
});

function ProgressionRoute() {
  const { uuid } = Route.useParams();
  const { depth, via } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ProgressionPage
      id={uuid.toLowerCase()}
      depth={depth ?? 2}
      via={via}
      onDepthChange={(d) => void navigate({ search: (prev) => ({ ...prev, depth: d }), resetScroll: false })}
    />
  );
}
