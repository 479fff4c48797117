import { describe, expect, it } from 'vitest';
import { firstPass } from './GalleryGrid.tsx';

const cards = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => `card-${from + index}`);

describe('firstPass (the cards a board renders before the rest)', () => {
  it('shows a first screen of cards at once when the board had none', () => {
    const items = cards(24);
    expect(firstPass(items, [], 4)).toEqual(items.slice(0, 4));
    expect(firstPass(items, [], 10)).toEqual(items.slice(0, 10));
  });

  it('shows everything once the deferred pass has caught up', () => {
    const items = cards(24);
    expect(firstPass(items, items, 4)).toBe(items);
  });

  it('keeps what a growing board shows while the next page renders', () => {
    const before = cards(24);
    const after = [...before, ...cards(12, 24)];
    expect(firstPass(after, before, 4)).toEqual(before);
  });

  it('shows a short list whole', () => {
    const items = cards(3);
    expect(firstPass(items, [], 4)).toEqual(items);
  });
});
