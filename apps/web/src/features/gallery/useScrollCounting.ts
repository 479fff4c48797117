import { useEffect, useRef } from 'react';
import { call } from '../api/index.ts';
import { createScrollCounter } from './scrollCounter.ts';

/** How long a card must be half in view to count as seen, and how often the seen ones are sent. */
const SEEN_AFTER_MS = 600;
const FLUSH_EVERY_MS = 5_000;

/**
 * Counts the feed's cards the user sees (half of a card in view for a moment) and sends them in batches
 * (POST /api/player/scroll). `enabled` only for a signed-in user on the explore feed: one's own creations and
 * collection are not "the feed". Returns the ref of the element holding the cards.
 */
export function useScrollCounting(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!enabled || !root) return;
    const counter = createScrollCounter((uuids) => call('countScroll', { body: { uuids } }));
    const timers = new Map<Element, number>();
    const visible = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const uuid = (entry.target as HTMLElement).dataset.uuid;
          if (!uuid) continue;
          if (entry.isIntersecting) {
            timers.set(
              entry.target,
              window.setTimeout(() => counter.seen(uuid), SEEN_AFTER_MS),
            );
          } else {
            window.clearTimeout(timers.get(entry.target));
            timers.delete(entry.target);
          }
        }
      },
      { threshold: 0.5 },
    );
    const watch = () => root.querySelectorAll('[data-uuid]').forEach((card) => visible.observe(card));
    watch();
    // Cards arrive page after page: observe each new one (observing one twice is a no-op).
    const added = new MutationObserver(watch);
    added.observe(root, { childList: true, subtree: true });
    const flush = () => void counter.flush();
    const interval = window.setInterval(flush, FLUSH_EVERY_MS);
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      visible.disconnect();
      added.disconnect();
      for (const timer of timers.values()) window.clearTimeout(timer);
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [enabled]);
  return ref;
}
