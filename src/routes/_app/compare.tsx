import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { GRADE_LEVELS } from '../../../contract/schemas';
import { frameworksOptions } from '../../api/frameworks';
import { frameworkStandardsOptions } from '../../api/standards';
import { getApiSource } from '../../lib/api-source';
import { caseUuid, fallback } from '../../lib/browse-params';
import { ComparePage, type CompareParams } from '../-components/compare-page';

const searchSchema = z.object({
  framework: fallback(caseUuid),
  with: fallback(caseUuid),
  grade: fallback(z.enum(GRADE_LEVELS)),
  strength: fallback(z.pipe(z.coerce.number(), z.int().check(z.gte(0), z.lte(3)))),
});

export const Route = createFileRoute('/_app/compare')({
  validateSearch: (raw): CompareParams => searchSchema.parse(raw),
  // The frameworks and the first one's standards are asked for before the page's code arrives.
  beforeLoad: ({ context, search }) => {
    const source = getApiSource();
    void context.queryClient.prefetchInfiniteQuery(frameworksOptions(source));
    if (search.framework) void context.queryClient.prefetchQuery(frameworkStandardsOptions(source, search.framework));
  },
  component: CompareRoute,
});

function CompareRoute() {
  const params = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ComparePage params={params} onChange={(change) => void navigate({ search: (prev) => ({ ...prev, ...change }), resetScroll: false })} />
  );
}
