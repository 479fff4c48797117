import { lazy, Suspense } from 'react';
import { useAfterLoad } from '../../ui/useAfterLoad.ts';

// The announcement is no part of the first paint: it loads (and asks for the current event) once the page
// has loaded and the browser is idle.
const Announcement = lazy(() =>
  import('./EventAnnouncement.tsx').then((module) => ({ default: module.EventAnnouncement })),
);

/** The current event's announcement, for visitors and players, loaded after the page. */
export function GameEventAnnouncement({ cookieBannerPage }: { cookieBannerPage: boolean }) {
  const ready = useAfterLoad();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Announcement cookieBannerPage={cookieBannerPage} />
    </Suspense>
  );
}
