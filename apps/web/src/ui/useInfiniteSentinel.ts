import { useEffect, useEffectEvent, useRef, useState } from 'react';

/**
 * Infinite scroll: an element near the end of the board that asks for the next page while it is within
 * `margin` of the screen. It asks again after each page while it stays in view (a short page, a tall
 * screen), since an IntersectionObserver only reports changes.
 */
export function useInfiniteSentinel(options: {
  enabled: boolean;
  loading: boolean;
  /** Changes when a page arrives (e.g. the number of cards). */
  progress: number;
  onReach: () => void;
  margin?: string;
}) {
  const { enabled, loading, progress, onReach, margin = '1200px 0px' } = options;
  const ref = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);
  const reach = useEffectEvent(onReach);

  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) {
      setInView(false);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => setInView(entries.some((entry) => entry.isIntersecting)),
      {
        rootMargin: margin,
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, margin]);

  useEffect(() => {
    if (enabled && inView && !loading) reach();
  }, [enabled, inView, loading, progress]);

  return ref;
}
