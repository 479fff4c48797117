import { describe, expect, it } from 'vitest';
import { cardPlacement, sameRect } from './placement.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe('the tour card placement', () => {
  it('centres the card when the step points at nothing', () => {
    expect(cardPlacement(null, DESKTOP)).toEqual({
      top: 400,
      left: 460,
      width: 360,
      transform: 'translateY(-50%)',
    });
  });

  it('puts the card below an element near the top, centred on it and kept on screen', () => {
    const placement = cardPlacement({ top: 12, left: 1200, width: 40, height: 40 }, DESKTOP);
    expect(placement.top).toBe(66);
    expect(placement.left).toBe(1280 - 360 - 12);
  });

  it('puts the card above an element near the bottom', () => {
    const placement = cardPlacement({ top: 700, left: 100, width: 300, height: 48 }, DESKTOP);
    expect(placement.top).toBeUndefined();
    expect(placement.bottom).toBe(800 - 700 + 14);
  });

  it('spans a phone and docks away from the element', () => {
    expect(cardPlacement({ top: 780, left: 0, width: 390, height: 64 }, PHONE)).toEqual({
      top: 12,
      left: 12,
      width: 366,
    });
    expect(cardPlacement({ top: 10, left: 300, width: 40, height: 40 }, PHONE)).toEqual({
      bottom: 12,
      left: 12,
      width: 366,
    });
  });

  it('compares boxes', () => {
    const box = { top: 1, left: 2, width: 3, height: 4 };
    expect(sameRect(box, { ...box })).toBe(true);
    expect(sameRect(box, { ...box, top: 2 })).toBe(false);
    expect(sameRect(null, null)).toBe(true);
    expect(sameRect(box, null)).toBe(false);
  });
});
