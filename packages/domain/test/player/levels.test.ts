import { describe, expect, it } from 'vitest';
import { addXp, levelUpRewardTokens, MAX_LEVEL, requiredXp, totalXp, xpPercent } from '../../src/index.ts';

describe('requiredXp = floor(100 × level × (1.3 + floor(level / 6) / 10))', () => {
  it.each([
    [1, 130],
    [2, 260],
    [3, 390],
    [4, 520],
    [5, 650],
    // Level 6: the factor becomes 1.4.
    [6, 840],
    [7, 980],
    [8, 1120],
    [9, 1260],
    [10, 1400],
    [11, 1540],
    // Level 12: 1.5.
    [12, 1800],
    [13, 1950],
    [18, 2880],
    [MAX_LEVEL, 92_000],
  ])('level %i needs %i XP', (level, xp) => {
    expect(requiredXp(level)).toBe(xp);
  });

  it('is the spec formula, without a floating-point slip, for every level', () => {
    for (let level = 1; level <= MAX_LEVEL; level += 1) {
      const factorTenths = 13 + Math.floor(level / 6);
      expect(requiredXp(level)).toBe(Math.floor((100 * level * factorTenths) / 10));
      expect(requiredXp(level)).toBeGreaterThan(level > 1 ? requiredXp(level - 1) : 0);
    }
  });

  it.each([0, -1, 1.5, MAX_LEVEL + 1, Number.NaN])('refuses level %s', (level) => {
    expect(() => requiredXp(level)).toThrow(RangeError);
  });
});

describe('addXp', () => {
  it.each([
    ['nothing', { level: 1, xpProgress: 0 }, 0, 1, 0, [], 0],
    ['short of the level', { level: 1, xpProgress: 0 }, 129, 1, 129, [], 0],
    ['exactly the level', { level: 1, xpProgress: 0 }, 130, 2, 0, [2], 20],
    ['one over', { level: 1, xpProgress: 100 }, 31, 2, 1, [2], 20],
    ['two levels at once', { level: 1, xpProgress: 0 }, 390, 3, 0, [2, 3], 50],
    ['one short of two levels', { level: 1, xpProgress: 0 }, 389, 2, 259, [2], 20],
    ['three levels at once', { level: 1, xpProgress: 0 }, 1000, 4, 220, [2, 3, 4], 90],
    ['across the factor step at 6', { level: 5, xpProgress: 600 }, 50 + 840, 7, 0, [6, 7], 130],
    ['a stored state already over its level', { level: 2, xpProgress: 300 }, 0, 3, 40, [3], 30],
  ])('%s', (_name, state, xp, level, xpProgress, levelsReached, rewardTokens) => {
    expect(addXp(state, xp)).toEqual({ level, xpProgress, levelsReached, rewardTokens });
  });

  it('pays level × 10 coins for each level reached', () => {
    expect([1, 2, 10, MAX_LEVEL].map(levelUpRewardTokens)).toEqual([10, 20, 100, 2000]);
    const outcome = addXp({ level: 1, xpProgress: 0 }, totalXp({ level: 11, xpProgress: 0 }));
    expect(outcome.levelsReached).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(outcome.rewardTokens).toBe(outcome.levelsReached.reduce((sum, level) => sum + level * 10, 0));
  });

  it('climbs from 1 to MAX_LEVEL with exactly all the XP there is', () => {
    const outcome = addXp({ level: 1, xpProgress: 0 }, totalXp({ level: MAX_LEVEL, xpProgress: 0 }));
    expect(outcome).toMatchObject({ level: MAX_LEVEL, xpProgress: 0 });
    expect(outcome.levelsReached).toHaveLength(MAX_LEVEL - 1);
    expect(outcome.rewardTokens).toBe(10 * ((MAX_LEVEL * (MAX_LEVEL + 1)) / 2 - 1));
  });

  it.each([
    ['from just below', { level: MAX_LEVEL - 1, xpProgress: 0 }, 10_000_000, [MAX_LEVEL], 2000],
    ['already there', { level: MAX_LEVEL, xpProgress: 91_990 }, 50, [], 0],
    ['already full', { level: MAX_LEVEL, xpProgress: 91_999 }, 1, [], 0],
  ])('stops at MAX_LEVEL keeping progress below the requirement: %s', (_n, state, xp, reached, tokens) => {
    const outcome = addXp(state, xp);
    expect(outcome).toEqual({
      level: MAX_LEVEL,
      xpProgress: requiredXp(MAX_LEVEL) - 1,
      levelsReached: reached,
      rewardTokens: tokens,
    });
    expect(xpPercent(outcome)).toBe(99);
  });

  it('adds to total XP exactly what it was given (below MAX_LEVEL)', () => {
    for (const [state, xp] of [
      [{ level: 1, xpProgress: 0 }, 5],
      [{ level: 3, xpProgress: 380 }, 10_000],
      [{ level: 40, xpProgress: 17 }, 123_456],
    ] as const) {
      expect(totalXp(addXp(state, xp))).toBe(totalXp(state) + xp);
    }
  });

  it.each([
    ['negative XP', { level: 1, xpProgress: 0 }, -1],
    ['fractional XP', { level: 1, xpProgress: 0 }, 1.5],
    ['NaN XP', { level: 1, xpProgress: 0 }, Number.NaN],
    ['level 0', { level: 0, xpProgress: 0 }, 1],
    ['level over the maximum', { level: MAX_LEVEL + 1, xpProgress: 0 }, 1],
    ['negative progress', { level: 2, xpProgress: -3 }, 1],
  ])('refuses %s', (_name, state, xp) => {
    expect(() => addXp(state, xp)).toThrow(RangeError);
  });
});

describe('xpPercent', () => {
  it.each([
    [1, 0, 0],
    [1, 65, 50],
    [1, 129, 99],
    [2, 1, 0],
    [6, 420, 50],
    [13, 1949, 99],
    // An unsettled state reads full, never more.
    [1, 500, 100],
  ])('level %i with %i XP: %i %', (level, xpProgress, percent) => {
    expect(xpPercent({ level, xpProgress })).toBe(percent);
  });
});

describe('totalXp', () => {
  it.each([
    [1, 0, 0],
    [1, 129, 129],
    [2, 0, 130],
    [3, 10, 400],
    [7, 5, 130 + 260 + 390 + 520 + 650 + 840 + 5],
    [14, 0, 130 + 260 + 390 + 520 + 650 + 840 + 980 + 1120 + 1260 + 1400 + 1540 + 1800 + 1950],
  ])('level %i with %i XP: %i in all', (level, xpProgress, total) => {
    expect(totalXp({ level, xpProgress })).toBe(total);
    expect(totalXp(level, xpProgress)).toBe(total);
  });

  it('orders players as the level board must: a higher level always has more XP in all', () => {
    const best = (level: number) => totalXp({ level, xpProgress: requiredXp(level) - 1 });
    for (let level = 1; level < MAX_LEVEL; level += 1) {
      expect(totalXp({ level: level + 1, xpProgress: 0 })).toBeGreaterThan(best(level));
    }
    expect(totalXp({ level: MAX_LEVEL, xpProgress: requiredXp(MAX_LEVEL) - 1 })).toBeLessThan(2 ** 31);
  });
});
