import { useEffect, useState } from 'react';

/** How long typing pauses before a search runs: every search box waits the same. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * `value` once it has stopped changing for `delay` ms: each change restarts the pause, so a
 * search runs once per pause in typing rather than once per key.
 */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
