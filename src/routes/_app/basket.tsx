import { createFileRoute, redirect } from '@tanstack/react-router';

// The basket became the set being edited: old links and bookmarks land there.
export const Route = createFileRoute('/_app/basket')({
  beforeLoad: () => {
    throw redirect({ to: '/sets', replace: true });
  },
});
