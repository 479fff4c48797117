import { useEffect, useState } from 'react';

/**
 * Runs `work` after the page's own work: once it has loaded (its pictures included), while the browser is
 * idle (at most `idleTimeoutMs` after the load; `fallbackMs` where requestIdleCallback is missing). Returns
 * a cancel. For code the first screen does not need, so that its download never competes with the page's.
 */
export function whenPageIdle(work: () => void, idleTimeoutMs: number, fallbackMs: number): () => void {
  let cancel = () => {};
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(work, { timeout: idleTimeoutMs });
      cancel = () => cancelIdleCallback(id);
    } else {
      const timer = setTimeout(work, fallbackMs);
      cancel = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else {
    window.addEventListener('load', whenIdle, { once: true });
    cancel = () => window.removeEventListener('load', whenIdle);
  }
  return () => cancel();
}

/**
 * False until the page has loaded and the browser has been idle once (or 3 s have passed since the load):
 * for parts of the shell that the first paint does not need (the player's watcher, an event's
 * announcement), so their code loads after the page's.
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => (ready ? undefined : whenPageIdle(() => setReady(true), 3_000, 500)), [ready]);
  return ready;
}
