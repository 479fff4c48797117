import { GALLERY_SEARCH_FOCUS } from '@mirage/domain';
import { useEffect, type RefObject } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The top menu's search button opens /explore with `focus=search` (GALLERY_SEARCH_HREF): once the search
 * panel is on screen its first tag box takes the focus, and the intent leaves the address (replaced, not
 * pushed), so that a reload or Back does not move the focus again.
 */
export function useSearchFocusRequest(panel: RefObject<HTMLElement | null>): void {
  const [query, setQuery] = useSearchParams();
  const wanted = query.get(GALLERY_SEARCH_FOCUS.param) === GALLERY_SEARCH_FOCUS.value;
  useEffect(() => {
    if (!wanted) return;
    panel.current?.querySelector<HTMLElement>('input:not(:disabled)')?.focus();
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(GALLERY_SEARCH_FOCUS.param);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [wanted, panel, setQuery]);
}
