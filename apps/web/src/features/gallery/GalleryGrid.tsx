import { useDeferredValue, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { CardBox } from './layout.ts';
import { layoutMasonry } from './layout.ts';
import styles from './Card.module.css';

/** Space between cards: tighter on phones. */
const gapFor = (width: number) => (width < 600 ? 8 : 14);

/** The last width a board measured: the loading skeleton's, which the cards' board then starts from. */
let lastWidth = 0;

/**
 * The board's width, known before the first paint and on every resize. The first board of a visit reads it
 * in a layout effect: that forces a layout of the page (50-180 ms on a phone at 4x CPU slowdown), but
 * waiting for the ResizeObserver's first report let the browser paint a frame with an empty, short board,
 * the footer in view, then push it down (a layout shift of 0.15-0.43). A board that replaces another (the
 * skeleton, then the cards) starts from the width the previous one had. After that the ResizeObserver,
 * which reports after layout and before paint, gives the width without forcing anything, and the cards it
 * lays out are painted in the same frame (flushSync).
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(lastWidth);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (next: number) => {
      lastWidth = next;
      setWidth(next);
    };
    if (lastWidth === 0) update(element.clientWidth);
    // Read after layout, in the observer's callback: no forced layout.
    const observer = new ResizeObserver(() => flushSync(() => update(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

interface MasonryProps<T> {
  items: readonly T[];
  sizeOf: (item: T) => { width: number; height: number };
  render: (item: T, box: CardBox, index: number) => ReactNode;
  label?: string;
  busy?: boolean;
  testId?: string;
}

const NOTHING: readonly never[] = [];

/** Rows of cards a board shows at once when it first gets some: a first screen, on a phone or a desktop. */
export const FIRST_PASS_ROWS = 2;

/**
 * The items to render now. A board that had none shows its first `count` at once (FIRST_PASS_ROWS rows
 * of its columns) and the rest in a second, deferred pass, which React renders in slices between frames:
 * the first screen is painted without waiting for two dozen cards, and no single task holds a phone's main
 * thread for long. A board that grows (the next page) keeps what it shows while the new cards render the
 * same way.
 */
export function firstPass<T>(items: readonly T[], deferred: readonly T[], count: number): readonly T[] {
  if (deferred === items) return items;
  return items.slice(0, Math.max(deferred.length, count));
}

/**
 * Masonry of fixed-ratio cards (layout.ts): absolutely placed boxes, in reading order in the document,
 * so that Tab and screen readers go left to right, row by row, as the eye does. The layout (and so the
 * board's height) is always the whole list's; the cards come in two passes (`firstPass`).
 */
export function Masonry<T>({ items, sizeOf, render, label, busy = false, testId }: MasonryProps<T>) {
  const { ref, width } = useWidth();
  const sizes = useMemo(() => items.map(sizeOf), [items, sizeOf]);
  const layout = useMemo(() => layoutMasonry(sizes, width, gapFor(width)), [sizes, width]);
  // Nothing is laid out before the width is known; then the first rows, then the rest (`firstPass`). The
  // deferred list starts empty, on mount too, so a board that mounts with its cards splits them as well.
  const placeable = width > 0 ? items : NOTHING;
  const deferred = useDeferredValue(placeable, NOTHING as readonly T[]);
  const shown = firstPass(placeable, deferred, layout.columns * FIRST_PASS_ROWS);
  return (
    <div
      ref={ref}
      className={styles.masonry}
      style={{ height: width > 0 ? layout.height : undefined }}
      role="list"
      aria-label={label}
      aria-busy={busy || undefined}
      data-busy={busy}
      data-columns={layout.columns}
      data-testid={testId}
    >
      {shown.map((item, index) => render(item, layout.boxes[index]!, index))}
    </div>
  );
}

/** Shapes of the loading skeleton: the three formats, mixed. */
const SKELETON: { width: number; height: number }[] = [
  { width: 512, height: 704 },
  { width: 704, height: 512 },
  { width: 576, height: 576 },
  { width: 512, height: 704 },
  { width: 576, height: 576 },
  { width: 512, height: 704 },
  { width: 704, height: 512 },
  { width: 512, height: 704 },
  { width: 576, height: 576 },
  { width: 704, height: 512 },
  { width: 512, height: 704 },
  { width: 576, height: 576 },
];
const sizeOfSkeleton = (size: { width: number; height: number }) => size;

/** Placeholder cards while the first page loads (announced once by the board's status line). */
export function MasonrySkeleton({ count = SKELETON.length }: { count?: number }) {
  const items = useMemo(
    () => Array.from({ length: count }, (_, index) => SKELETON[index % SKELETON.length]!),
    [count],
  );
  return (
    <div aria-hidden="true" data-testid="gallery-skeleton">
      <Masonry
        items={items}
        sizeOf={sizeOfSkeleton}
        render={(_, box, index) => (
          <span
            key={index}
            className={styles.skeleton}
            style={{
              transform: `translate3d(${box.x}px, ${box.y}px, 0)`,
              width: box.width,
              height: box.height,
              animationDelay: `${(index % 6) * 90}ms`,
            }}
          />
        )}
      />
    </div>
  );
}
