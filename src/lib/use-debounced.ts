import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms`; an empty value at once (clearing is
 * instant, and forgets what was settled: typing again waits a pause from nothing, never
 * showing the query from before the clearing meanwhile).
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  if (!value && settled !== value) setSettled(value); // during render: no frame shows the old value
  useEffect(() => {
    if (!value) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value ? settled : value;
}
