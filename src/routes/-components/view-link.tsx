import { Link } from '@tanstack/react-router';
import type { BrowseParams } from '../../lib/browse-params';

export interface ViewLinkProps {
  /** What changes in the framework page's address (the item, the match read beside it); the rest of the view stays. */
  change: Partial<BrowseParams>;
  className?: string;
  children: React.ReactNode;
  ref?: React.Ref<HTMLAnchorElement>;
}

/** A link within the framework page: it keeps the filters, the view and where the page is scrolled. */
export function ViewLink({ change, className, children, ref }: ViewLinkProps) {
  return (
    <Link ref={ref} to="." search={(prev: BrowseParams) => ({ ...prev, ...change })} resetScroll={false} className={className}>
      {children}
    </Link>
  );
}
