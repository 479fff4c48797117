import { describe, expect, it } from 'vitest';
import {
  cappedXp,
  SCROLL_MILESTONE,
  scrollMilestonesCrossed,
  XP_CAPS,
  xpFor,
  xpRule,
  type XpCapGroup,
  type XpSource,
} from '../../src/index.ts';

describe('XP per source', () => {
  it.each<[XpSource, number, XpCapGroup | null]>([
    ['generation', 10, 'generation'],
    ['upscale', 5, 'generation'],
    ['favorite_received', 5, 'favorite'],
    ['report_approved', 20, null],
    ['daily_streak', 10, null],
    ['scroll', 5, 'scroll'],
    ['daily_quest', 15, null],
  ])('%s: %i XP, cap group %s', (source, xp, group) => {
    expect(xpFor(source)).toBe(xp);
    expect(xpRule(source)).toEqual({ capGroup: group });
  });

  it('caps generation at 200, favourites at 50 and scrolling at 50 XP a day', () => {
    expect(XP_CAPS).toEqual({ generation: 200, favorite: 50, scroll: 50 });
  });

  it.each([
    [1, 10],
    [2, 12],
    [6, 20],
    [10, 28],
    [11, 30],
    [12, 30],
    [365, 30],
  ])('a streak day %i pays %i XP', (streak, xp) => {
    expect(xpFor('daily_streak', { streak })).toBe(xp);
  });

  it.each([
    [0, 0],
    [1, 5],
    [3, 15],
  ])('%i scroll milestones pay %i XP', (milestones, xp) => {
    expect(xpFor('scroll', { milestones })).toBe(xp);
  });

  it('ignores options a source does not use', () => {
    expect(xpFor('generation', { streak: 9, milestones: 4 })).toBe(10);
  });

  it.each([
    ['daily_streak', { streak: 0 }],
    ['daily_streak', { streak: 1.5 }],
    ['scroll', { milestones: -1 }],
  ] as const)('refuses %s with %o', (source, options) => {
    expect(() => xpFor(source, options)).toThrow(RangeError);
  });
});

describe('cappedXp', () => {
  it.each([
    ['uncapped', 20, 1000, null, 20],
    ['first of the day', 10, 0, 200, 10],
    ['partly over the cap', 10, 195, 200, 5],
    ['at the cap', 10, 200, 200, 0],
    ['over a cap lowered since', 10, 250, 200, 0],
    ['favourite near its cap', 5, 48, 50, 2],
    ['nothing asked', 0, 0, 50, 0],
    ['a negative request', -5, 0, 200, 0],
    ['a negative earned count', 5, -10, 50, 5],
  ])('%s', (_name, requested, earned, cap, xp) => {
    expect(cappedXp(requested, earned, cap)).toBe(xp);
  });

  it('lets a day of generating and upscaling earn exactly the shared cap', () => {
    let earned = 0;
    const sources: XpSource[] = [
      ...Array<XpSource>(15).fill('generation'),
      ...Array<XpSource>(20).fill('upscale'),
    ];
    for (const source of sources) earned += cappedXp(xpFor(source), earned, XP_CAPS.generation);
    expect(earned).toBe(200);
  });
});

describe('scroll milestones', () => {
  it('come every 50 images', () => expect(SCROLL_MILESTONE).toBe(50));

  it.each([
    [0, 49, 0],
    [0, 50, 1],
    [49, 50, 1],
    [50, 99, 0],
    [50, 100, 1],
    [40, 160, 3],
    [100, 100, 0],
    [120, 80, 0],
  ])('%i → %i crosses %i', (before, after, crossed) => {
    expect(scrollMilestonesCrossed(before, after)).toBe(crossed);
  });
});
