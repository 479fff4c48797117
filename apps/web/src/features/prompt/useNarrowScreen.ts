import { useSyncExternalStore } from 'react';

/** Phones: where the dialogs go full screen and the quick list folds (the 640 px breakpoint of the CSS). */
export const NARROW_SCREEN = '(max-width: 640px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the viewport is phone-sized now (follows rotation and resizing). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_SCREEN).matches,
    () => false,
  );
}
