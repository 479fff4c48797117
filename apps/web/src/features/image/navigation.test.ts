import { describe, expect, it } from 'vitest';
import {
  MAX_PAGES_SCANNED,
  neighboursOf,
  stepOfKey,
  stepOfSwipe,
  SWIPE_THRESHOLD_PX,
  WHEEL_COOLDOWN_MS,
  WHEEL_IDLE,
  wheelPixels,
  wheelStep,
} from './navigation.ts';

const cards = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ uuid: `${prefix}${index}` }));

describe('keys', () => {
  it('moves down with ArrowDown and j, up with ArrowUp and k', () => {
    expect(['ArrowDown', 'j', 'J'].map(stepOfKey)).toEqual(['next', 'next', 'next']);
    expect(['ArrowUp', 'k', 'K'].map(stepOfKey)).toEqual(['previous', 'previous', 'previous']);
    expect(['ArrowLeft', 'Enter', ' ', 'x'].map(stepOfKey)).toEqual([null, null, null, null]);
  });
});

describe('touch swipe (100 px threshold)', () => {
  it('needs a vertical drag of at least 100 px', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(100);
    expect(stepOfSwipe(0, -99)).toBeNull();
    expect(stepOfSwipe(0, -100)).toBe('next');
    expect(stepOfSwipe(10, 140)).toBe('previous');
  });

  it('ignores mostly horizontal drags', () => {
    expect(stepOfSwipe(150, -120)).toBeNull();
    expect(stepOfSwipe(-120, 120)).toBeNull();
  });
});

describe('wheel', () => {
  it('steps once enough movement gathered in one direction, then waits for the cooldown', () => {
    let state = WHEEL_IDLE;
    let result = wheelStep(state, 30, 1000);
    expect(result.step).toBeNull();
    state = result.state;
    result = wheelStep(state, 40, 1010);
    expect(result.step).toBe('next');
    state = result.state;
    // A touchpad keeps sending deltas: ignored during the cooldown.
    expect(wheelStep(state, 200, 1010 + WHEEL_COOLDOWN_MS - 1).step).toBeNull();
    expect(wheelStep(state, -120, 1010 + WHEEL_COOLDOWN_MS).step).toBe('previous');
  });

  it('starts over when the direction changes', () => {
    const { state } = wheelStep(WHEEL_IDLE, 50, 0);
    const result = wheelStep(state, -50, 10);
    expect(result.step).toBeNull();
    expect(result.state.total).toBe(-50);
  });

  it('turns line and page deltas into pixels', () => {
    expect(wheelPixels(3, 0, 800)).toBe(3);
    expect(wheelPixels(3, 1, 800)).toBe(120);
    expect(wheelPixels(1, 2, 800)).toBe(800);
  });
});

describe('neighbours in a board', () => {
  it('finds the image and its neighbours inside a page', () => {
    const pages = new Map([[0, cards('a', 4)]]);
    const result = neighboursOf(pages, 'a1', 4);
    expect(result.index).toBe(1);
    expect(result.previous?.item.uuid).toBe('a0');
    expect(result.next?.item.uuid).toBe('a2');
    expect(result.wanted).toBeNull();
  });

  it('asks for the next page at the end of a full page, and crosses into it', () => {
    const first = new Map([[0, cards('a', 4)]]);
    expect(neighboursOf(first, 'a3', 4)).toMatchObject({ index: 3, next: null, wanted: 1 });
    const both = new Map([
      [0, cards('a', 4)],
      [1, cards('b', 2)],
    ]);
    const result = neighboursOf(both, 'a3', 4);
    expect(result.next).toEqual({ item: { uuid: 'b0' }, index: 4 });
    expect(neighboursOf(both, 'b0', 4).previous?.item.uuid).toBe('a3');
    // The last page is short: the board ends there.
    expect(neighboursOf(both, 'b1', 4)).toMatchObject({ next: null, wanted: null });
  });

  it('asks for the previous page when the image opens the page it was found on', () => {
    const pages = new Map([[2, cards('c', 4)]]);
    expect(neighboursOf(pages, 'c0', 4, 2)).toMatchObject({ index: 8, previous: null, wanted: 1 });
  });

  it('reads forward a few pages looking for an image, then gives up', () => {
    expect(neighboursOf(new Map(), 'x', 4)).toMatchObject({ index: null, wanted: 0 });
    const pages = new Map<number, { uuid: string }[]>();
    for (let page = 0; page < MAX_PAGES_SCANNED; page += 1) {
      expect(neighboursOf(pages, 'x', 4).wanted).toBe(page);
      pages.set(page, cards(`p${page}-`, 4));
    }
    expect(neighboursOf(pages, 'x', 4)).toEqual({ index: null, previous: null, next: null, wanted: null });
  });

  it('stops reading at the end of the board', () => {
    const pages = new Map([[0, cards('a', 2)]]);
    expect(neighboursOf(pages, 'x', 4).wanted).toBeNull();
  });

  it('has no neighbours in a board of one image', () => {
    const result = neighboursOf(new Map([[0, cards('a', 1)]]), 'a0', 4);
    expect(result).toEqual({ index: 0, previous: null, next: null, wanted: null });
  });
});
