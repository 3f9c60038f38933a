import { Link } from '@tanstack/react-router';

/** A link to another standard's progression: it keeps the walk (steps, grades, branches) the reader chose. */
export function ProgressionLink({
  uuid,
  className,
  label,
  children,
}: {
  uuid: string;
  className: string;
  /** Its accessible name, where the visible text is only a code. */
  label?: string;
  children: React.ReactNode;
}) {
  return (
    <Link
      to="/progressions/$uuid"
      params={{ uuid }}
      search={(prev: Record<string, unknown>) => ({ ...prev, via: undefined })}
      className={className}
      aria-label={label}
    >
      {children}
    </Link>
  );
}
