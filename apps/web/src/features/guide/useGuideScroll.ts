import { GUIDE_SECTIONS, guideSectionOfHash, type GuideSectionId } from '@mirage/domain';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { measureCurrentSection, scrollToAnchor } from './scroll.ts';

/** Resolves when the page's web fonts have loaded (at once where the Font Loading API is missing). */
function fontsReady(): Promise<unknown> {
  return typeof document.fonts === 'object' ? document.fonts.ready : Promise.resolve();
}

/** How long after the first scroll to an anchor the guide puts it in place once more. */
const SETTLE_MS = 1500;

/**
 * The guide's scrolling (spec §2 "Guide"): once the sections are on the page (`ready`), it scrolls
 * smoothly to the address's anchor, or to the top without one; it follows the reader's position and names
 * the current section (the last one whose top came within 130 px of the viewport's top).
 * `goTo` scrolls to a section from the contents and writes its anchor in the address.
 */
export function useGuideScroll(ready: boolean) {
  const { hash } = useLocation();
  const [current, setCurrent] = useState<GuideSectionId | null>(null);

  useEffect(() => {
    if (!ready) return;
    // An anchor that names no section (an old link) opens the guide at its top.
    const anchor = guideSectionOfHash(hash) ? decodeURIComponent(hash.slice(1)) : null;
    let cancelled = false;
    let settle = 0;
    // The reader scrolling on their own ends the page's say over the position.
    const readerScrolled = () => {
      cancelled = true;
    };
    const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const input of inputs) window.addEventListener(input, readerScrolled, { passive: true });
    // Once the web fonts are in: text set in a fallback font wraps differently, and the sections above
    // the anchor would move it after the scroll.
    void fontsReady().then(() => {
      if (cancelled) return;
      scrollToAnchor(anchor);
      // Once more, at once, after the smooth scroll: a late layout change above the anchor, or another
      // scroll (the router's restoration on a slow device), may have left the section elsewhere.
      settle = window.setTimeout(() => {
        if (!cancelled) scrollToAnchor(anchor, 'auto');
      }, SETTLE_MS);
    });
    return () => {
      cancelled = true;
      window.clearTimeout(settle);
      for (const input of inputs) window.removeEventListener(input, readerScrolled);
    };
  }, [ready, hash]);

  useEffect(() => {
    if (!ready) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      setCurrent(measureCurrentSection(GUIDE_SECTIONS));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [ready]);

  const goTo = useCallback((id: GuideSectionId) => {
    // The address changes without a router navigation: the router's scroll restoration would jump to the
    // anchor at once and cut the smooth scroll short. The history entry's router state is kept as is.
    window.history.replaceState(window.history.state, '', `#${id}`);
    scrollToAnchor(id);
  }, []);

  return { current, goTo };
}
