import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ProgressionPage } from '../-components/progression-page';
import { caseUuid, fallback } from '../../lib/browse-params';

const searchSchema = z.object({
  depth: fallback(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(4)))),
  via: fallback(caseUuid),
});

export const Route = createFileRoute('/_app/progressions/$uuid')({
  validateSearch: (raw) => searchSchema.parse(raw),
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
