import { describe, expect, it } from 'vitest';
import {
  compareRanked,
  isLeaderboard,
  LEADERBOARD_MAX_PAGE_SIZE,
  LEADERBOARD_METRIC,
  LEADERBOARD_PAGE_SIZE,
  LEADERBOARDS,
  leaderboardPageSize,
  PODIUM_SIZE,
  type RankedEntry,
} from '../../src/index.ts';

describe('leaderboards', () => {
  it.each([
    ['level', 'level'],
    ['scroll', 'scroll'],
    ['report', 'approved_reports'],
    ['daily', 'daily_streak_best'],
    ['generation', 'image_generated'],
  ] as const)('%s ranks by %s', (board, metric) => {
    expect(isLeaderboard(board)).toBe(true);
    expect(LEADERBOARD_METRIC[board]).toBe(metric);
  });

  it('has five boards, pages of 25 (at most 100) and a podium of 3', () => {
    expect(LEADERBOARDS).toHaveLength(5);
    expect([LEADERBOARD_PAGE_SIZE, LEADERBOARD_MAX_PAGE_SIZE, PODIUM_SIZE]).toEqual([25, 100, 3]);
  });

  it.each(['levels', 'approved_reports', '', 'constructor', null])('%j is no board', (value) => {
    expect(isLeaderboard(value)).toBe(false);
  });

  it.each([
    [undefined, 25],
    [10, 10],
    [0, 1],
    [-5, 1],
    [100, 100],
    [101, 100],
    [12.7, 12],
    [Number.NaN, 25],
  ])('page size %s → %i', (requested, size) => {
    expect(leaderboardPageSize(requested)).toBe(size);
  });
});

describe('compareRanked', () => {
  it('orders by score, then the earlier achiever, then the lower user id', () => {
    const entries: RankedEntry[] = [
      { userId: 4, score: 50, reachedAt: 2000 },
      { userId: 9, score: 70, reachedAt: 5000 },
      { userId: 2, score: 50, reachedAt: 1000 },
      { userId: 7, score: 50, reachedAt: 2000 },
      { userId: 3, score: 10, reachedAt: 0 },
    ];
    expect([...entries].sort(compareRanked).map((entry) => entry.userId)).toEqual([9, 2, 4, 7, 3]);
    expect(
      [...entries]
        .reverse()
        .sort(compareRanked)
        .map((entry) => entry.userId),
    ).toEqual([9, 2, 4, 7, 3]);
  });
});
