import { createFileRoute } from '@tanstack/react-router';
import { getApiSource } from '../../lib/api-source';
import { SkillPage } from '../-components/skill-page';

export const Route = createFileRoute('/_app/skills/$identifier')({
  // The skill and its standards are asked for before the page's code arrives.
  beforeLoad: ({ context, params }) => {
    const source = getApiSource();
    const identifier = params.identifier.toLowerCase();
    // Imported here, not at the top: the route's options are part of every page's first load.
    void import('../../api/skills').then(({ skillOptions, skillStandardsOptions }) => {
      void context.queryClient.prefetchQuery(skillOptions(source, identifier));
      void context.queryClient.prefetchQuery(skillStandardsOptions(source, identifier));
    });
  },
  component: SkillRoute,
});

function SkillRoute() {
  const { identifier } = Route.useParams();
  return <SkillPage identifier={identifier.toLowerCase()} />;
}
