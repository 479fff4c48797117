import { createContext, useContext, useState } from 'react';

/**
 * Whether the page around the caller is the one on screen. A kept-alive page (keptRoutes.ts) stays
 * mounted while hidden; it reads this to pause what only makes sense on screen (open dialogs, keyboard
 * shortcuts, autoplay). Pages that are not kept alive are always active.
 */
export const PageActivityContext = createContext(true);

export function usePageActive(): boolean {
  return useContext(PageActivityContext);
}

/**
 * Calls `close` when the page is left while it stays mounted: a dialog of a kept-alive page lives in a
 * portal outside the hidden page, so it must close itself. `close` may only set state of the calling
 * component: it runs during render, so the dialog is gone in the same commit that hides the page.
 */
export function useCloseWhenPageHidden(close: () => void): void {
  const active = usePageActive();
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    if (!active) close();
  }
}
