import { lazy, Suspense, useEffect, useState } from 'react';
import { useSession } from '../../session/index.ts';

// The watcher (live refreshes, sounds, the reward overlay's decision) is not needed for the first paint: it
// loads once the page has loaded and the browser is idle. The bell's count comes with the page (its button).
const Watch = lazy(() => import('./PlayerWatch.tsx').then((module) => ({ default: module.PlayerWatch })));

/** False until the page has loaded and the browser has been idle once (or 3 s have passed since the load). */
function useAfterLoad(): boolean {
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

/** The player's watcher (./PlayerWatch.tsx) for a signed-in user, loaded after the page. */
export function PlayerWatch({ otherDialogOpen }: { otherDialogOpen: boolean }) {
  const { signedIn } = useSession();
  const ready = useAfterLoad();
  if (!signedIn || !ready) return null;
  return (
    <Suspense fallback={null}>
      <Watch otherDialogOpen={otherDialogOpen} />
    </Suspense>
  );
}
