import { memo, useContext, useState, useSyncExternalStore, type ContextType, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useMatches, useOutlet } from 'react-router';
import { isSignedIn, subscribeSession } from '../../features/session/session.ts';
import { keptEntryOf, nextKeptEntries, type KeptEntry } from './keptRoutes.ts';
import { KeptPage } from './KeptPage.tsx';

type LocationContextValue = ContextType<typeof UNSAFE_LocationContext>;

interface FrozenProps {
  active: boolean;
  element: ReactNode;
  location: LocationContextValue;
}

/**
 * A hidden page does not re-render from above: it keeps the route element and the location it had
 * when it was last shown, so hooks such as useLocation or useSearchParams inside it do not see the
 * address of the page on screen. Its own state, queries and subscriptions keep running.
 */
const Frozen = memo(
  function Frozen({ element, location }: FrozenProps) {
    return <UNSAFE_LocationContext.Provider value={location}>{element}</UNSAFE_LocationContext.Provider>;
  },
  (previous, next) =>
    !next.active || (previous.element === next.element && previous.location === next.location),
);

/**
 * The shell's outlet with keep-alive (spec §2 routes): a route marked `handle: KEEP_ALIVE` stays mounted
 * once visited, hidden while another page shows; any other route renders as a plain outlet. Only one
 * page is visible at a time; a logout drops the kept pages that need an account.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const matches = useMatches();
  const location = useContext(UNSAFE_LocationContext);
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const active = keptEntryOf(matches);

  const [entries, setEntries] = useState<readonly KeptEntry[]>([]);
  const kept = nextKeptEntries(entries, active, signedIn);
  // Derived during render (React re-renders at once), so a page is mounted in its box from the start.
  if (kept !== entries) setEntries(kept);
  const activeId = active && kept.some((entry) => entry.id === active.id) ? active.id : null;

  return (
    <>
      {kept.map((entry) => {
        const shown = entry.id === activeId;
        return (
          <KeptPage key={entry.id} active={shown} pathname={entry.pathname}>
            <Frozen active={shown} element={shown ? outlet : null} location={location} />
          </KeptPage>
        );
      })}
      {activeId === null && outlet}
    </>
  );
}
