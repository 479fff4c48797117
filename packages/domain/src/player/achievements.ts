/**
 * Achievements: a threshold on one of the player's counters. Reaching it unlocks the achievement once,
 * pays reward tokens by tier and makes its title wearable. Ids and keys are stored (unlocked rows, the
 * chosen title) and name translations (player.json achievements.<key>), so they never change: a new
 * achievement takes the next free id, a retired one keeps its id unused.
 */

export const ACHIEVEMENT_METRICS = [
  'level',
  'image_generated',
  'total_fav',
  'approved_reports',
  'daily_streak_best',
  'scroll',
  'daily_quests',
  'upscales',
] as const;
export type AchievementMetric = (typeof ACHIEVEMENT_METRICS)[number];
/** The player's counters the thresholds compare with (streak: the best one, so a broken streak keeps it). */
export type PlayerStats = Readonly<Record<AchievementMetric, number>>;

export type AchievementTier = 1 | 2 | 3 | 4 | 5;
/** Tier names, by tier − 1 (the translation keys of player.json tiers.*). */
export const ACHIEVEMENT_TIERS = ['bronze', 'silver', 'gold', 'platinum', 'diamond'] as const;
export type AchievementTierName = (typeof ACHIEVEMENT_TIERS)[number];
/** Reward tokens an achievement of each tier pays. */
export const TIER_REWARD_TOKENS: Readonly<Record<AchievementTier, number>> = {
  1: 10,
  2: 25,
  3: 50,
  4: 100,
  5: 200,
};

export interface Achievement {
  id: number;
  key: string;
  metric: AchievementMetric;
  threshold: number;
  tier: AchievementTier;
  rewardTokens: number;
}

/**
 * One family per metric, five tiers each; the key is the family's name and the threshold. Ids go by
 * family in blocks of ten, so a family can grow without renumbering. Thresholds are spread so the first
 * tier comes in a first session or week and the last one takes a year or more of regular use.
 */
const FAMILIES: readonly {
  metric: AchievementMetric;
  name: string;
  firstId: number;
  thresholds: readonly [number, number, number, number, number];
}[] = [
  { metric: 'level', name: 'level', firstId: 1, thresholds: [5, 10, 25, 50, 100] },
  {
    metric: 'image_generated',
    name: 'images_generated',
    firstId: 11,
    thresholds: [10, 100, 1000, 5000, 20000],
  },
  { metric: 'total_fav', name: 'favorites_received', firstId: 21, thresholds: [10, 50, 250, 1000, 5000] },
  { metric: 'approved_reports', name: 'reports_approved', firstId: 31, thresholds: [1, 5, 25, 100, 250] },
  { metric: 'daily_streak_best', name: 'daily_streak', firstId: 41, thresholds: [3, 7, 30, 100, 365] },
  { metric: 'scroll', name: 'images_viewed', firstId: 51, thresholds: [100, 1000, 10000, 50000, 200000] },
  { metric: 'daily_quests', name: 'daily_quests', firstId: 61, thresholds: [1, 7, 30, 100, 365] },
  { metric: 'upscales', name: 'upscales', firstId: 71, thresholds: [1, 25, 100, 500, 2000] },
];

const TIERS: readonly AchievementTier[] = [1, 2, 3, 4, 5];

export const ACHIEVEMENTS: readonly Achievement[] = FAMILIES.flatMap((family) =>
  TIERS.map((tier) => {
    const threshold = family.thresholds[tier - 1]!;
    return {
      id: family.firstId + tier - 1,
      key: `${family.name}_${threshold}`,
      metric: family.metric,
      threshold,
      tier,
      rewardTokens: TIER_REWARD_TOKENS[tier],
    };
  }),
);

const BY_ID = new Map(ACHIEVEMENTS.map((achievement) => [achievement.id, achievement]));

export function achievementById(id: number): Achievement | undefined {
  return BY_ID.get(id);
}

export function tierName(tier: AchievementTier): AchievementTierName {
  return ACHIEVEMENT_TIERS[tier - 1]!;
}

/**
 * The achievements `stats` reach that are not yet in `unlocked`, by id. Unlocking is the caller's insert
 * (unique per player and id), so calling this again with the new set returns nothing twice.
 */
export function newlyReached(stats: PlayerStats, unlocked: ReadonlySet<number>): Achievement[] {
  return ACHIEVEMENTS.filter(
    (achievement) => !unlocked.has(achievement.id) && stats[achievement.metric] >= achievement.threshold,
  );
}

/** Whether a player may wear this achievement's title: only one they have unlocked (null: no title). */
export function canWearTitle(achievementId: number | null, unlocked: ReadonlySet<number>): boolean {
  return achievementId === null || (BY_ID.has(achievementId) && unlocked.has(achievementId));
}
