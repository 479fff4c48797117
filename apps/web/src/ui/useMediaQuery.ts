import { useCallback, useSyncExternalStore } from 'react';

/** Phones: where dialogs go full screen and side lists fold (the 640 px breakpoint of the CSS). */
export const NARROW_SCREEN = '(max-width: 640px)';

/** Whether a CSS media query matches now, following its changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
