import { Link } from '@tanstack/react-router';
import { DEFAULT_SOURCE } from '../../lib/api-client';
import { useApiSource } from '../../lib/api-source';

/** Says, on every page, that the app reads another service than its own, and where to change it. */
export function CustomSourceNotice() {
  const source = useApiSource();
  if (source.baseUrl === DEFAULT_SOURCE.baseUrl) return null;
  return (
    <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200">
      Reading standards from <span className="font-mono [overflow-wrap:anywhere]">{source.baseUrl}</span>, not this app&apos;s own service.{' '}
      <Link to="/settings" className="font-medium text-blue-700 underline dark:text-blue-300">
        Settings
      </Link>
    </p>
  );
}
