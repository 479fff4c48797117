import { lazy, Suspense } from 'react';
import { useAfterLoad } from '../../../ui/useAfterLoad.ts';
import { useSession } from '../../session/index.ts';

// The watcher (live refreshes, sounds, the reward overlay's decision) is not needed for the first paint: it
// loads once the page has loaded and the browser is idle. The bell's count comes with the page (its button).
const Watch = lazy(() => import('./PlayerWatch.tsx').then((module) => ({ default: module.PlayerWatch })));

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
