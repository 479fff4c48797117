import { Outlet, ScrollRestoration, type Location } from 'react-router';

/**
 * The key a page's scroll position is kept under. The first page of a full load has the key "default", so by
 * default every full load in the tab shares one saved position: opening /about after scrolling a promo page
 * would land mid-page. Keyed by its path instead, a reload comes back where it was and another address opens
 * at its top; pages reached in the app keep their history entry's own key.
 */
export function scrollKey(location: Location): string {
  return location.key === 'default' ? location.pathname : location.key;
}

export function RootLayout() {
  return (
    <>
      <ScrollRestoration getKey={scrollKey} />
      <Outlet />
    </>
  );
}
