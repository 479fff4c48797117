import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_METRICS,
  ACHIEVEMENT_TIERS,
  ACHIEVEMENTS,
  achievementById,
  canWearTitle,
  newlyReached,
  tierName,
  type PlayerStats,
} from '../../src/index.ts';

const ZERO: PlayerStats = {
  level: 1,
  image_generated: 0,
  total_fav: 0,
  approved_reports: 0,
  daily_streak_best: 0,
  scroll: 0,
  daily_quests: 0,
  upscales: 0,
};
const stats = (overrides: Partial<PlayerStats>): PlayerStats => ({ ...ZERO, ...overrides });
const keys = (list: readonly { key: string }[]) => list.map((achievement) => achievement.key);

/**
 * Ids are stored in unlocked rows and chosen titles: this table may only grow. Changing a line here means
 * players lose or swap achievements.
 */
const STORED_IDS: readonly (readonly [number, string])[] = [
  [1, 'level_5'],
  [2, 'level_10'],
  [3, 'level_25'],
  [4, 'level_50'],
  [5, 'level_100'],
  [11, 'images_generated_10'],
  [12, 'images_generated_100'],
  [13, 'images_generated_1000'],
  [14, 'images_generated_5000'],
  [15, 'images_generated_20000'],
  [21, 'favorites_received_10'],
  [22, 'favorites_received_50'],
  [23, 'favorites_received_250'],
  [24, 'favorites_received_1000'],
  [25, 'favorites_received_5000'],
  [31, 'reports_approved_1'],
  [32, 'reports_approved_5'],
  [33, 'reports_approved_25'],
  [34, 'reports_approved_100'],
  [35, 'reports_approved_250'],
  [41, 'daily_streak_3'],
  [42, 'daily_streak_7'],
  [43, 'daily_streak_30'],
  [44, 'daily_streak_100'],
  [45, 'daily_streak_365'],
  [51, 'images_viewed_100'],
  [52, 'images_viewed_1000'],
  [53, 'images_viewed_10000'],
  [54, 'images_viewed_50000'],
  [55, 'images_viewed_200000'],
  [61, 'daily_quests_1'],
  [62, 'daily_quests_7'],
  [63, 'daily_quests_30'],
  [64, 'daily_quests_100'],
  [65, 'daily_quests_365'],
  [71, 'upscales_1'],
  [72, 'upscales_25'],
  [73, 'upscales_100'],
  [74, 'upscales_500'],
  [75, 'upscales_2000'],
];

describe('the achievement list', () => {
  it('has at least 32 achievements with unique ids and keys', () => {
    expect(ACHIEVEMENTS.length).toBeGreaterThanOrEqual(32);
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(ACHIEVEMENTS.length);
    expect(new Set(keys(ACHIEVEMENTS)).size).toBe(ACHIEVEMENTS.length);
  });

  it.each(STORED_IDS)('keeps id %i for %s', (id, key) => {
    expect(achievementById(id)?.key).toBe(key);
  });

  it('names every achievement in the stored table (a new one is added there too)', () => {
    expect(ACHIEVEMENTS.map((a) => [a.id, a.key])).toEqual(STORED_IDS);
  });

  it('names its threshold in its key', () => {
    for (const achievement of ACHIEVEMENTS) {
      expect(achievement.key).toMatch(/^[a-z]+(_[a-z]+)*_\d+$/);
      expect(achievement.key.endsWith(`_${achievement.threshold}`)).toBe(true);
    }
  });

  it.each(ACHIEVEMENT_METRICS.map((metric) => [metric]))(
    '%s has tiers 1..5 with rising thresholds',
    (metric) => {
      const family = ACHIEVEMENTS.filter((a) => a.metric === metric);
      expect(family.map((a) => a.tier)).toEqual([1, 2, 3, 4, 5]);
      const thresholds = family.map((a) => a.threshold);
      expect(thresholds).toEqual([...thresholds].sort((a, b) => a - b));
      expect(new Set(thresholds).size).toBe(5);
      expect(thresholds[0]).toBeGreaterThan(0);
    },
  );

  it.each([
    [1, 'bronze', 10],
    [2, 'silver', 25],
    [3, 'gold', 50],
    [4, 'platinum', 100],
    [5, 'diamond', 200],
  ] as const)('tier %i is %s and pays %i reward tokens', (tier, name, tokens) => {
    expect(tierName(tier)).toBe(name);
    expect(ACHIEVEMENT_TIERS[tier - 1]).toBe(name);
    for (const achievement of ACHIEVEMENTS.filter((a) => a.tier === tier)) {
      expect(achievement.rewardTokens).toBe(tokens);
    }
  });

  it('finds nothing for an unknown id', () => {
    expect(achievementById(0)).toBeUndefined();
    expect(achievementById(6)).toBeUndefined();
    expect(achievementById(1.5)).toBeUndefined();
  });
});

describe('newlyReached', () => {
  it.each([
    ['a new player', ZERO, [], []],
    ['one short', stats({ image_generated: 9 }), [], []],
    ['exactly the threshold', stats({ image_generated: 10 }), [], ['images_generated_10']],
    ['several tiers at once', stats({ level: 26 }), [], ['level_5', 'level_10', 'level_25']],
    ['already unlocked ones left out', stats({ level: 26 }), [1, 2], ['level_25']],
    ['the best streak counts', stats({ daily_streak_best: 7 }), [41], ['daily_streak_7']],
    [
      'several metrics',
      stats({ approved_reports: 1, daily_quests: 1, upscales: 30, scroll: 150 }),
      [],
      ['reports_approved_1', 'images_viewed_100', 'daily_quests_1', 'upscales_1', 'upscales_25'],
    ],
  ])('%s', (_name, playerStats, unlocked, expected) => {
    expect(keys(newlyReached(playerStats, new Set(unlocked)))).toEqual(expected);
  });

  it('reaches each achievement once', () => {
    const unlocked = new Set<number>();
    const seen: string[] = [];
    for (const generated of [5, 10, 11, 99, 100, 100, 20_000, 50_000]) {
      for (const achievement of newlyReached(stats({ image_generated: generated }), unlocked)) {
        unlocked.add(achievement.id);
        seen.push(achievement.key);
      }
    }
    expect(seen).toEqual(keys(ACHIEVEMENTS.filter((a) => a.metric === 'image_generated')));
  });

  it('reaches everything at the top of every metric', () => {
    const top = stats(Object.fromEntries(ACHIEVEMENT_METRICS.map((metric) => [metric, 1_000_000])));
    expect(newlyReached(top, new Set())).toEqual(ACHIEVEMENTS);
  });
});

describe('canWearTitle', () => {
  it.each([
    ['no title', null, [], true],
    ['an unlocked achievement', 12, [11, 12], true],
    ['a locked one', 13, [11, 12], false],
    ['an unknown id, even if listed', 999, [999], false],
  ])('%s', (_name, id, unlocked, allowed) => {
    expect(canWearTitle(id, new Set(unlocked))).toBe(allowed);
  });
});
