import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AppChrome } from './-components/app-chrome';

export const Route = createFileRoute('/_app')({
  component: () => (
    <AppChrome>
      <Outlet />
    </AppChrome>
  ),
});
