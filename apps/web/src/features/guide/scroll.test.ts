import { describe, expect, it } from 'vitest';
import { scrollBehavior, scrollTopFor } from './scroll.ts';

describe('guide scrolling', () => {
  it('puts an element’s top at the offset below the viewport’s top', () => {
    expect(scrollTopFor(500, 1000, 70)).toBe(1430);
    expect(scrollTopFor(-200, 1000, 120)).toBe(680);
    expect(scrollTopFor(40, 0, 120)).toBe(0);
  });

  it('scrolls smoothly unless reduced motion is asked for', () => {
    expect(scrollBehavior(false)).toBe('smooth');
    expect(scrollBehavior(true)).toBe('auto');
  });
});
