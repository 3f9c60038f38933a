import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SharedSetView } from '../../features/sets/shared-set';
import { setValueOf } from '../../lib/set-link-value';

export const Route = createFileRoute('/_app/shared')({
  component: SharedPage,
});

/** `/shared#set=…`: the set rides in the fragment, which browsers never send to a server. */
function SharedPage() {
  const hash = useRouterState({ select: (s) => s.location.hash });
  const value = setValueOf(`#${hash}`);
  useEffect(() => {
    document.title = 'Shared set — Standards Explorer';
  }, []);
  return <SharedSetView key={value ?? ''} value={value} />;
}
