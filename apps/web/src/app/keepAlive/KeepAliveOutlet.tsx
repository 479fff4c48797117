import {
  createContext,
  memo,
  useContext,
  useState,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useLocation, useMatches, useOutlet, useRoutes, type Location, type RouteObject } from 'react-router';
import { isSignedIn, subscribeSession } from '../../features/session/session.ts';
import { keptEntryOf, nextKeptEntries, type KeptEntry } from './keptRoutes.ts';
import { KeptPage } from './KeptPage.tsx';

/** The route element of one kept page, handed past the cached routing element below. */
const PageElementContext = createContext<ReactNode>(null);

function PageElement() {
  return useContext(PageElementContext);
}

/**
 * Descendant routes that match any address and render the page's route element: `useRoutes` with a
 * location argument is React Router's public way to give the hooks inside (useLocation, useSearchParams,
 * useHref, relative links) another location than the router's. The page's own route context (params,
 * loader data, navigate) comes from the route element itself, which sits below this route. Two things
 * differ from the router's own location: useNavigationType() inside reads "POP" (no page uses it), and in
 * development React Router warns once that these routes sit under a route without a trailing "*" (advice
 * for routes matched from the address; these are given their location).
 */
const PAGE_AT_LOCATION: RouteObject[] = [{ path: '*', element: <PageElement /> }];

interface FrozenProps {
  active: boolean;
  element: ReactNode;
  location: Location;
}

/**
 * A hidden page does not re-render from route changes elsewhere: it keeps the route element and the
 * location it had when it was last shown, so hooks such as useLocation or useSearchParams inside it do
 * not see the address of the page on screen. Its own state, queries and subscriptions keep running.
 *
 * While hidden, the memo keeps the props of the last render on screen. `useRoutes` still makes this
 * component render on every navigation (it reads the router's location), and it answers with a new
 * location object each time, which would re-render every location hook of the page. So the element it
 * returns is kept per location, and the same element object is given back until the location changes:
 * React then skips the whole subtree, and the location the page's hooks read stays the same object.
 * The route element travels through a context of its own, so that a new element with the same location
 * (a loader or fetcher update) re-renders the page without giving its hooks a new location.
 */
const Frozen = memo(
  function Frozen({ element, location }: FrozenProps) {
    const routed = useRoutes(PAGE_AT_LOCATION, location);
    const [kept, setKept] = useState<{ location: Location; routed: ReactElement | null }>({
      location,
      routed,
    });
    // Derived during render (React re-renders at once, before committing anything).
    if (kept.location !== location) setKept({ location, routed });
    return <PageElementContext.Provider value={element}>{kept.routed}</PageElementContext.Provider>;
  },
  (previous, next) =>
    !next.active || (previous.element === next.element && previous.location === next.location),
);

/**
 * The shell's outlet with keep-alive (docs/product/routes.md#kept-alive-pages): a route marked `handle:
 * KEEP_ALIVE` stays mounted once visited, hidden while another page shows; any other route renders as a plain
 * outlet. Only one page is visible at a time; a logout drops the kept pages that need an account.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const matches = useMatches();
  const location = useLocation();
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
