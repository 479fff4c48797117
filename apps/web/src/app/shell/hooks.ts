import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia(REDUCED_MOTION).matches);
}

/**
 * docs/product/routes.md#shell: the menu hides when scrolled down past `threshold` px and comes back on
 * scroll up.
 * Disabled (always shown) when `enabled` is false, e.g. for users who prefer reduced motion.
 * Returns [hidden, reveal]; call reveal when keyboard focus enters the menu.
 */
export function useHideOnScroll(threshold: number, enabled: boolean): [boolean, () => void] {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    // The position is first read at the first scroll, not here: reading scrollY while the page is being
    // built forces a layout in the middle of the first render (a long task on a phone).
    let last: number | null = null;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        last ??= y;
        if (y <= threshold) setHidden(false);
        else if (y > last + 4) setHidden(true);
        else if (y < last - 4) setHidden(false);
        last = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [threshold, enabled]);

  const reveal = useCallback(() => setHidden(false), []);
  return [enabled && hidden, reveal];
}
