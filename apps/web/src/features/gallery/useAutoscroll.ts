import { useEffect, useEffectEvent } from 'react';
import { autoscrollSpeed } from './layout.ts';

function atBottom(): boolean {
  const root = document.scrollingElement ?? document.documentElement;
  return window.scrollY + window.innerHeight >= root.scrollHeight - 2;
}

/**
 * docs/product/gallery.md#boards, docs/product/limits.md: the board scrolls itself at one of 4 speeds (one
 * screen height per 30 s down to 4 s). Any wheel or touch move stops it, and so does reaching the end when
 * nothing more will load, or leaving the page. `level` 0 is off; `stop` sets it back to 0.
 */
export function useAutoscroll(options: {
  level: number;
  active: boolean;
  /** More images may still arrive below (then it waits at the bottom instead of stopping). */
  more: boolean;
  stop: () => void;
}) {
  const { level, active, more, stop } = options;
  const finished = useEffectEvent(() => atBottom() && !more);
  const halt = useEffectEvent(() => stop());

  useEffect(() => {
    if (level <= 0 || !active) return;
    let frame = 0;
    let last = performance.now();
    let carry = 0;
    const tick = (now: number) => {
      // A background tab pauses frames: do not jump on return.
      const elapsed = Math.min(now - last, 100);
      last = now;
      carry += autoscrollSpeed(level, window.innerHeight) * elapsed;
      const step = Math.floor(carry);
      if (step >= 1) {
        carry -= step;
        window.scrollTo({ top: window.scrollY + step, behavior: 'instant' });
      }
      if (finished()) {
        halt();
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    const onUserScroll = () => halt();
    window.addEventListener('wheel', onUserScroll, { passive: true });
    window.addEventListener('touchmove', onUserScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('wheel', onUserScroll);
      window.removeEventListener('touchmove', onUserScroll);
    };
  }, [level, active]);
}
