import { Link } from '@tanstack/react-router';

/** The way on from a dead end: the list of frameworks. */
export function AllFrameworksLink() {
  return (
    <Link to="/" className="text-sm font-medium text-blue-700 underline dark:text-blue-300">
      Go to all frameworks
    </Link>
  );
}
