import { Link } from '@tanstack/react-router';
import { NotSaved } from '../../components/not-saved';
import { useConnectionTarget, type Connected } from './connection-target';

/**
 * A link that opens a connected standard where it belongs (see useConnectionTarget).
 * Offline, into a framework not saved on this device, it is no link: `plain` shows its
 * content as text (a code), `note` says what is missing and offers to save it.
 */
export function ConnectionLink({
  standard,
  subject,
  className,
  children,
  offline = 'plain',
}: {
  standard: Connected;
  subject: string | null;
  className: string;
  children: React.ReactNode;
  offline?: 'plain' | 'note';
}) {
  const target = useConnectionTarget(standard, subject);
  if (!target.reachable && 'frameworkId' in target)
    return offline === 'note' ? <NotSaved frameworkId={target.frameworkId} name={target.frameworkName} /> : <span>{children}</span>;
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

/** What a connected standard's framework lacks offline, with the fix: for a standard whose framework is not saved. */
export function ConnectionNotSaved({ standard, subject, what }: { standard: Connected; subject: string | null; what?: string }) {
  const target = useConnectionTarget(standard, subject);
  if (!('frameworkId' in target)) return <span className="text-xs">Not saved on this device.</span>;
  return <NotSaved frameworkId={target.frameworkId} name={target.frameworkName} what={what} />;
}
