import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms`; an empty value at once (clearing is instant). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (!value) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value ? settled : value;
}
