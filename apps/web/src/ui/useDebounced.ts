import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delay` ms (docs/product/limits.md#gallery-and-prompts: the
 * gallery search waits 100 ms). Shared by the tag autocomplete and the saved-prompt browser. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
