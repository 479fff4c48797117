import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EQUIPPED,
  equip,
  EQUIP_SLOT,
  isPurchasable,
  isRewardType,
  REWARD_TYPES,
  rewardById,
  REWARDS,
  type Equipped,
} from '../../src/index.ts';

/** Relative luminance of an sRGB colour (WCAG 2.x). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
const BACKGROUND = '#0c0a12';

/** Stored in owned rows and equipped items: may only grow. */
const STORED_IDS = {
  Animation: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  Style: [101, 102, 103, 104, 105, 106, 107, 108, 109],
  Color: [201, 202, 203, 204, 205, 206, 207, 208, 209],
  ProfilePic: [301, 302, 303, 304, 305, 306, 307, 308, 309],
};

describe('the rewards catalogue', () => {
  it('has unique ids and keys', () => {
    expect(new Set(REWARDS.map((r) => r.id)).size).toBe(REWARDS.length);
    expect(new Set(REWARDS.map((r) => r.key)).size).toBe(REWARDS.length);
  });

  it.each(REWARD_TYPES.map((type) => [type]))('%s keeps its stored ids', (type) => {
    expect(REWARDS.filter((r) => r.type === type).map((r) => r.id)).toEqual(STORED_IDS[type]);
  });

  it.each(REWARD_TYPES.map((type) => [type]))(
    '%s: one free default first, then 8 or more for sale at rising prices within 50..1500',
    (type) => {
      const ofType = REWARDS.filter((r) => r.type === type);
      const defaults = ofType.filter((r) => r.isDefault);
      expect(defaults).toHaveLength(1);
      expect(defaults[0]).toMatchObject({ price: 0 });
      expect(ofType[0]).toBe(defaults[0]);
      expect(isPurchasable(defaults[0]!)).toBe(false);
      const prices = ofType.filter((r) => !r.isDefault).map((r) => r.price);
      expect(prices.length).toBeGreaterThanOrEqual(8);
      for (const [index, price] of prices.entries()) {
        expect(price).toBeGreaterThanOrEqual(50);
        expect(price).toBeLessThanOrEqual(1500);
        if (index > 0) expect(price).toBeGreaterThan(prices[index - 1]!);
      }
    },
  );

  it.each(REWARDS.map((reward) => [reward.key, reward]))(
    '%s has data its type can render',
    (_key, reward) => {
      switch (reward.type) {
        case 'Animation':
          expect(reward.data).toMatch(/^[a-z]+( \d+){4}$/);
          expect(reward.data.startsWith(reward.isDefault ? 'static ' : `${reward.key} `)).toBe(true);
          break;
        case 'Style': {
          expect(reward.data).toMatch(/^\d+ \d+$/);
          const [angle, hue] = reward.data.split(' ').map(Number);
          expect(angle).toBeLessThanOrEqual(360);
          expect(hue).toBeLessThanOrEqual(360);
          break;
        }
        case 'Color':
          expect(reward.data).toMatch(/^#[0-9a-f]{6}$/);
          expect(contrast(reward.data, BACKGROUND)).toBeGreaterThanOrEqual(4.5);
          break;
        case 'ProfilePic':
          expect(reward.data).toBe(`avatar-${reward.key}.webp`);
          break;
      }
    },
  );

  it('measures contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('knows its types', () => {
    expect(REWARD_TYPES).toEqual(['Animation', 'Style', 'Color', 'ProfilePic']);
    for (const type of REWARD_TYPES) expect(isRewardType(type)).toBe(true);
    for (const value of ['animation', 'color', 'toString', '', null, 3])
      expect(isRewardType(value)).toBe(false);
    expect(rewardById(203)?.key).toBe('mint');
    expect(rewardById(10)).toBeUndefined();
  });
});

describe('DEFAULT_EQUIPPED', () => {
  it('wears the default of each type', () => {
    expect(DEFAULT_EQUIPPED).toEqual({
      animation: { id: 1, data: 'static 0 0 0 0' },
      style: { id: 101, data: '0 100' },
      color: { id: 201, data: '#4f8cff' },
      profile_pic: { id: 301, data: 'avatar-default.webp' },
    });
    for (const type of REWARD_TYPES) {
      const worn = DEFAULT_EQUIPPED[EQUIP_SLOT[type]];
      expect(rewardById(worn.id)).toMatchObject({ type, isDefault: true, data: worn.data });
    }
  });
});

describe('equip', () => {
  const wearing: Equipped = { ...DEFAULT_EQUIPPED, color: { id: 205, data: '#ffc24d' } };

  it.each([
    ['nothing', [], [], wearing],
    ['an owned colour', [202], [202], { ...wearing, color: { id: 202, data: '#5ec8ff' } }],
    ['a default, owned by everyone', [201], [], { ...wearing, color: DEFAULT_EQUIPPED.color }],
    [
      'one of each type',
      [3, 104, 302],
      [3, 104, 302],
      {
        ...wearing,
        animation: { id: 3, data: 'glow 2400 60 0 0' },
        style: { id: 104, data: '135 130' },
        profile_pic: { id: 302, data: 'avatar-fox.webp' },
      },
    ],
    [
      'two of one slot: the later wins',
      [202, 203],
      [202, 203],
      { ...wearing, color: { id: 203, data: '#4fe0b0' } },
    ],
  ])('%s', (_name, ids, owned, equipped) => {
    expect(equip(wearing, ids, new Set(owned))).toEqual({ ok: true, equipped });
  });

  it.each([
    ['an unknown id', [202, 999], [202], 'reward_not_found'],
    ['a fractional id', [2.5], [], 'reward_not_found'],
    ['an item not owned', [202, 3], [202], 'reward_locked'],
    ['an item owned by someone else', [309], [308], 'reward_locked'],
  ])('refuses %s and changes nothing', (_name, ids, owned, reason) => {
    const before = structuredClone(wearing);
    expect(equip(wearing, ids, new Set(owned))).toEqual({ ok: false, reason });
    expect(wearing).toEqual(before);
  });
});
