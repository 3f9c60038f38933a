import { createFileRoute, Link } from '@tanstack/react-router';
import { TopLevelItems } from '../features/standards-tree/top-level-items';

export const Route = createFileRoute('/frameworks/$frameworkId')({
  component: FrameworkPage,
});

function FrameworkPage() {
  const { frameworkId } = Route.useParams();
  return (
    <section aria-labelledby="framework-heading">
      <Link to="/" className="text-sm text-blue-700 hover:underline dark:text-blue-400">
        ← All frameworks
      </Link>
      <h1 id="framework-heading" className="mt-2 text-2xl font-semibold tracking-tight">
        Framework contents
      </h1>
      <div className="mt-6">
        <TopLevelItems frameworkId={frameworkId} />
      </div>
    </section>
  );
}
