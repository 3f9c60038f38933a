import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms`; an empty value at once (clearing is
 * instant, and forgets what was settled: typing again waits a pause from nothing, never
 * showing the query from before the clearing meanwhile). A value the component starts with
 * waits a pause too: it can be text typed before the search's code arrived, still being
 * typed ("3" of "3.nf.a"), and searching it at once would ask for a word nobody meant.
 */
export function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState('');
  if (!value && settled !== value) setSettled(value); // during render: no frame shows the old value
  useEffect(() => {
    if (!value) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value ? settled : value;
}
