import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` (search boxes ask the server after typing stops). */
export function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}
