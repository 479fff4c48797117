/**
 * Pure layout rules of the board: how many columns a width holds, how cards are spread over them
 * (masonry that keeps the reading order left to right), and the autoscroll speeds
 * (docs/product/limits.md#gallery-and-prompts).
 */

/** Column counts by board width: two on a 360 px phone, up to six on a wide screen. */
const COLUMN_STEPS: readonly [minWidth: number, columns: number][] = [
  [1500, 6],
  [1180, 5],
  [860, 4],
  [600, 3],
];

export function columnCount(width: number): number {
  for (const [minWidth, columns] of COLUMN_STEPS) if (width >= minWidth) return columns;
  return 2;
}

/** Height of a card for a width of 1 (its aspect ratio); a card without sizes counts as square. */
export function relativeHeight(size: { width: number; height: number }): number {
  return size.width > 0 && size.height > 0 ? size.height / size.width : 1;
}

export interface CardBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MasonryLayout {
  columns: number;
  columnWidth: number;
  boxes: CardBox[];
  /** Height of the tallest column. */
  height: number;
}

/**
 * Places cards in columns: each card goes to the shortest column so far (the leftmost on a near tie), so
 * the order reads left to right, row by row, and the columns end close to even. Every card keeps its
 * aspect ratio. The boxes of the first n cards never depend on the cards after them: a new page only
 * appends. The cards stay in their order in the document (keyboard and screen readers follow it).
 */
export function layoutMasonry(
  sizes: readonly { width: number; height: number }[],
  containerWidth: number,
  gap: number,
  columns = columnCount(containerWidth),
): MasonryLayout {
  const count = Math.max(1, Math.floor(columns));
  const width = Math.max(0, containerWidth);
  const columnWidth = Math.max(0, (width - gap * (count - 1)) / count);
  const heights = new Array<number>(count).fill(0);
  const boxes = sizes.map((size) => {
    let target = 0;
    for (let column = 1; column < count; column += 1) {
      if ((heights[column] ?? 0) < (heights[target] ?? 0) - 0.5) target = column;
    }
    const y = heights[target] ?? 0;
    const height = Math.round(columnWidth * relativeHeight(size) * 100) / 100;
    heights[target] = y + height + gap;
    return { x: target * (columnWidth + gap), y, width: columnWidth, height };
  });
  const tallest = Math.max(0, ...heights);
  return { columns: count, columnWidth, boxes, height: tallest > 0 ? tallest - gap : 0 };
}

/**
 * docs/product/limits.md#gallery-and-prompts: autoscroll has 4 speed levels; the frame cycle (the time to
 * scroll one screen height) goes from 30 s at the slowest down to 4 s at the fastest.
 */
export const AUTOSCROLL_CYCLES_MS = [30_000, 16_000, 8_000, 4_000] as const;
export const AUTOSCROLL_LEVELS = AUTOSCROLL_CYCLES_MS.length;

/** Pixels per millisecond at a level (1..4) for a screen this tall; 0 when off. */
export function autoscrollSpeed(level: number, screenHeight: number): number {
  const cycle = AUTOSCROLL_CYCLES_MS[level - 1];
  return cycle === undefined ? 0 : Math.max(0, screenHeight) / cycle;
}

/** The next level of the speed button: off (0) -> 1 -> 2 -> 3 -> 4 -> off. */
export function nextAutoscrollLevel(level: number): number {
  return level >= AUTOSCROLL_LEVELS || level < 0 ? 0 : level + 1;
}
