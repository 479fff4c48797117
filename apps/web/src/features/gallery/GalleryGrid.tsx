import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { CardBox } from './layout.ts';
import { layoutMasonry } from './layout.ts';
import styles from './Card.module.css';

/** Space between cards: tighter on phones. */
const gapFor = (width: number) => (width < 600 ? 8 : 14);

/** The last width a board measured: the loading skeleton's, which the cards' board then starts from. */
let lastWidth = 0;

/**
 * The board's width, known before paint and on every resize. A board that replaces another (the skeleton,
 * then the cards) starts from the width the previous one had instead of reading it again: that read forced
 * a synchronous layout of the page just before the cards were laid out once more (~20-50 ms on a phone at
 * 4x CPU slowdown). The ResizeObserver, which reports after layout and before paint, corrects a wrong start
 * at once (flushSync: no frame is painted with it).
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

/**
 * Masonry of fixed-ratio cards (layout.ts): absolutely placed boxes, in reading order in the document,
 * so that Tab and screen readers go left to right, row by row, as the eye does.
 */
export function Masonry<T>({ items, sizeOf, render, label, busy = false, testId }: MasonryProps<T>) {
  const { ref, width } = useWidth();
  const sizes = useMemo(() => items.map(sizeOf), [items, sizeOf]);
  const layout = useMemo(() => layoutMasonry(sizes, width, gapFor(width)), [sizes, width]);
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
      {width > 0 && items.map((item, index) => render(item, layout.boxes[index]!, index))}
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
