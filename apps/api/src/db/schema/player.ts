import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of the player; they mirror migration 0011. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;
/** A UTC day, read as 'YYYY-MM-DD' (db/types.ts). */
type Day = ColumnType<string, string, string>;

export interface PlayerTable {
  user_id: number;
  level: Generated<number>;
  xp_progress: Generated<number>;
  /** Every XP ever earned: the level board's order. */
  xp_total: Generated<number>;
  daily_streak: Generated<number>;
  daily_streak_best: Generated<number>;
  last_streak_day: ColumnType<string | null, string | null | undefined, string | null>;
  approved_reports: Generated<number>;
  scroll: Generated<number>;
  total_fav: Generated<number>;
  image_generated: Generated<number>;
  upscales: Generated<number>;
  daily_quests: Generated<number>;
  /** The worn title: an unlocked achievement's id, or null. */
  title_achievement_id: number | null;
  /** Equipped cosmetics, by reward id (@mirage/domain REWARDS); null is the slot's default. */
  equipped_animation: number | null;
  equipped_style: number | null;
  equipped_color: number | null;
  equipped_profile_pic: number | null;
  /** When each board's value last rose (ties: earlier achiever first). */
  xp_total_at: Timestamp;
  scroll_at: Timestamp;
  approved_reports_at: Timestamp;
  daily_streak_best_at: Timestamp;
  image_generated_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlayerXpDayTable {
  user_id: number;
  day: Day;
  /** @mirage/domain XpCapGroup. */
  cap_group: string;
  xp: number;
}

export interface PlayerAchievementTable {
  user_id: number;
  achievement_id: number;
  unlocked_at: CreatedAt;
}

export interface PlayerRewardTable {
  user_id: number;
  reward_id: number;
  unlocked_at: CreatedAt;
}

export interface PlayerProjectedEventTable {
  event_id: number;
  projected_at: CreatedAt;
}

export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  /** @mirage/domain NotificationType. */
  type: string;
  dedupe_key: string | null;
  /** What the text needs (level, streak, achievement id…). */
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  xp_gain: number | null;
  /** Paid through the ledger when the notification is consumed (claimed). */
  reward_tokens: Generated<number>;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
  expires_at: Timestamp | null;
}

export interface LeaderboardRankTable {
  /** @mirage/domain Leaderboard. */
  board: string;
  /** From 1, gapless per board as computed (a deleted user leaves a gap until the next refresh). */
  rank: number;
  user_id: number;
  value: number;
}

export interface LeaderboardRefreshTable {
  board: string;
  refreshed_at: Timestamp;
  players: number;
  /** How long the last computation took: a board is recomputed at most every 10 times that. */
  duration_ms: Generated<number>;
}

export interface PlayerScrollDayTable {
  user_id: number;
  day: Day;
  image_id: number;
}

export interface PlayerTables {
  player: PlayerTable;
  player_xp_day: PlayerXpDayTable;
  player_achievement: PlayerAchievementTable;
  player_reward: PlayerRewardTable;
  player_projected_event: PlayerProjectedEventTable;
  notification: NotificationTable;
  leaderboard_rank: LeaderboardRankTable;
  player_scroll_day: PlayerScrollDayTable;
  leaderboard_refresh: LeaderboardRefreshTable;
}
