import { describe, expect, it } from 'vitest';
import {
  AUTOSCROLL_CYCLES_MS,
  autoscrollSpeed,
  columnCount,
  layoutMasonry,
  nextAutoscrollLevel,
  relativeHeight,
  type CardBox,
} from './layout.ts';

const portrait = { width: 512, height: 704 };
const wide = { width: 704, height: 512 };
const square = { width: 576, height: 576 };

describe('masonry', () => {
  it('fits two columns on a phone and more on wider boards', () => {
    expect(columnCount(328)).toBe(2);
    expect(columnCount(600)).toBe(3);
    expect(columnCount(900)).toBe(4);
    expect(columnCount(1200)).toBe(5);
    expect(columnCount(1600)).toBe(6);
  });

  it('treats a card without sizes as square', () => {
    expect(relativeHeight({ width: 0, height: 0 })).toBe(1);
    expect(relativeHeight(portrait)).toBeCloseTo(1.375);
  });

  it('fills the first row left to right, then the shortest column', () => {
    const layout = layoutMasonry([portrait, wide, square, square, portrait], 320, 10, 3);
    expect(layout.columns).toBe(3);
    expect(layout.columnWidth).toBe(100);
    const columnOf = (box: CardBox) => Math.round(box.x / 110);
    expect(layout.boxes.map(columnOf)).toEqual([0, 1, 2, 1, 2]);
    expect(layout.boxes[0]).toEqual({ x: 0, y: 0, width: 100, height: 137.5 });
    // The wide card is 72.73 tall: the next square goes under it, after the gap.
    expect(layout.boxes[3]?.y).toBeCloseTo(82.73, 1);
    expect(layout.height).toBeCloseTo(Math.max(137.5, 72.73 + 10 + 100, 100 + 10 + 137.5), 1);
  });

  it('keeps the boxes of earlier cards when a page is appended', () => {
    const first = [portrait, wide, square, portrait, wide, wide];
    const more = [...first, square, portrait, wide];
    const before = layoutMasonry(first, 1000, 12);
    const after = layoutMasonry(more, 1000, 12);
    expect(after.boxes.slice(0, first.length)).toEqual(before.boxes);
    expect(after.height).toBeGreaterThan(before.height);
  });

  it('keeps every card with its aspect ratio, without overlaps in a column', () => {
    const sizes = Array.from({ length: 37 }, (_, index) => [portrait, wide, square][index % 3]!);
    const layout = layoutMasonry(sizes, 1200, 16);
    expect(layout.columns).toBe(5);
    expect(layout.boxes).toHaveLength(37);
    layout.boxes.forEach((box, index) =>
      expect(box.height / box.width).toBeCloseTo(relativeHeight(sizes[index]!), 2),
    );
    const byColumn = new Map<number, CardBox[]>();
    for (const box of layout.boxes) byColumn.set(box.x, [...(byColumn.get(box.x) ?? []), box]);
    expect(byColumn.size).toBe(5);
    for (const column of byColumn.values()) {
      for (let index = 1; index < column.length; index += 1) {
        expect(column[index]!.y).toBeGreaterThanOrEqual(
          column[index - 1]!.y + column[index - 1]!.height + 16 - 0.01,
        );
      }
    }
    expect(layoutMasonry([], 600, 8)).toEqual({
      columns: 3,
      columnWidth: (600 - 16) / 3,
      boxes: [],
      height: 0,
    });
  });
});

describe('autoscroll', () => {
  it('has 4 speeds, with a frame cycle from 30 s down to 4 s', () => {
    expect(AUTOSCROLL_CYCLES_MS).toHaveLength(4);
    expect(AUTOSCROLL_CYCLES_MS[0]).toBe(30_000);
    expect(AUTOSCROLL_CYCLES_MS[3]).toBe(4_000);
    expect([...AUTOSCROLL_CYCLES_MS].sort((a, b) => b - a)).toEqual([...AUTOSCROLL_CYCLES_MS]);
  });

  it('scrolls one screen height per cycle', () => {
    expect(autoscrollSpeed(1, 900)).toBeCloseTo(900 / 30_000);
    expect(autoscrollSpeed(4, 800)).toBeCloseTo(0.2);
    expect(autoscrollSpeed(0, 800)).toBe(0);
    expect(autoscrollSpeed(5, 800)).toBe(0);
  });

  it('steps off -> 1 -> 2 -> 3 -> 4 -> off', () => {
    expect([0, 1, 2, 3, 4].map(nextAutoscrollLevel)).toEqual([1, 2, 3, 4, 0]);
  });
});
