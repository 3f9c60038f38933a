import { createFileRoute, Navigate } from '@tanstack/react-router';
import { PROGRESSION_OPERATIONS } from '../../../contract/connection-operations';
import { GRADE_LEVELS } from '../../../contract/natural-sort';
import * as z from 'zod/mini';
import { ProgressionPage } from '../-components/progression-page';
import { caseUuid, fallback } from '../../lib/browse-params';
import { getApiSource } from '../../lib/api-source';
import { itemOptions } from '../../api/standards';
import { ALL_STEPS } from '../../lib/progression';

const grade = fallback(z.enum(GRADE_LEVELS));
const searchSchema = z.object({
  depth: fallback(z.pipe(z.coerce.number(), z.union([z.int().check(z.gte(1), z.lte(4)), z.literal(ALL_STEPS)]))),
  from: grade,
  to: grade,
  branches: fallback(
    z.pipe(
      z.coerce.string(),
      z.transform((v) => v === 'true' || v === '1' || undefined),
    ),
  ),
  /** Links made before state progressions: the state standard whose Common Core match was shown. */
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
    void import('../../api/connections').then(({ progressionOptions, crosswalksOptions }) => {
      for (const operation of PROGRESSION_OPERATIONS) void context.queryClient.prefetchQuery(progressionOptions(source, operation, id));
      void context.queryClient.prefetchQuery(crosswalksOptions(source, id));
    });
  },
  component: ProgressionRoute,
});

function ProgressionRoute() {
  const { uuid } = Route.useParams();
  const { via, ...walk } = Route.useSearch();
  const navigate = Route.useNavigate();
  // A state standard now has its own progression page: an old link goes there.
  if (via) return <Navigate to="/progressions/$uuid" params={{ uuid: via }} search={{ ...walk }} replace />;
  return (
    <ProgressionPage
      id={uuid.toLowerCase()}
      walk={{ ...walk, depth: walk.depth ?? 2 }}
      onWalkChange={(change) => void navigate({ search: (prev) => ({ ...prev, ...change }), resetScroll: false })}
    />
  );
}
