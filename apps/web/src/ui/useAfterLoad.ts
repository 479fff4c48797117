import { useEffect, useState } from 'react';

/**
 * False until the page has loaded and the browser has been idle once (or 3 s have passed since the load):
 * for parts of the shell that the first paint does not need (the player's watcher, an event's
 * announcement), so their code loads after the page's.
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let cancel = () => {};
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(() => setReady(true), { timeout: 3_000 });
        cancel = () => cancelIdleCallback(id);
      } else {
        const timer = setTimeout(() => setReady(true), 500);
        cancel = () => clearTimeout(timer);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else {
      window.addEventListener('load', whenIdle, { once: true });
      cancel = () => window.removeEventListener('load', whenIdle);
    }
    return () => cancel();
  }, [ready]);
  return ready;
}
