import { Link } from '@tanstack/react-router';
import { useConnectionTarget, type Connected } from './connection-target';

/** A link that opens a connected standard where it belongs (see useConnectionTarget). */
export function ConnectionLink({
  standard,
  subject,
  className,
  children,
}: {
  standard: Connected;
  subject: string | null;
  className: string;
  children: React.ReactNode;
}) {
  const target = useConnectionTarget(standard, subject);
  return 'frameworkId' in target ? (
    <Link to="/frameworks/$frameworkId" params={{ frameworkId: target.frameworkId }} search={{ item: target.item }} className={className}>
      {children}
    </Link>
  ) : (
    <Link to="/items/$uuid" params={{ uuid: target.item }} className={className}>
      {children}
    </Link>
  );
}
