import { useCallback, useState } from 'react';

/**
 * For a control whose code loads on first use, such as a menu with its menu library (~17 KB gzipped, issue
 * 20: each route's own code at most 60 KB). Until then the page shows a plain button that looks and reads
 * the same; `want` (its press: a click, Enter or Space) renders the real control, opened; `prefetch`
 * (hover, focus) starts the download early so that a press rarely waits for it.
 */
export function useOnFirstUse(load: () => Promise<unknown>): {
  wanted: boolean;
  want: () => void;
  prefetch: () => void;
} {
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);
  // A failed early download is retried by the press itself (React.lazy calls `load` again).
  const prefetch = useCallback(() => void load().catch(() => undefined), [load]);
  return { wanted, want, prefetch };
}
