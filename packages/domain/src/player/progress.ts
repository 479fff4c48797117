import { newlyReached, type Achievement, type AchievementMetric } from './achievements.ts';
import { addXp, levelUpRewardTokens } from './levels.ts';
import type { NotificationType } from './notifications.ts';
import { advanceStreak } from './streak.ts';
import {
  cappedXp,
  scrollMilestonesCrossed,
  XP_CAPS,
  xpFor,
  xpRule,
  type XpCapGroup,
  type XpSource,
} from './xp.ts';

/** The counters an event can raise; `level` and `daily_streak_best` follow from XP and streaks. */
export type PlayerCounter = Exclude<AchievementMetric, 'level' | 'daily_streak_best'>;
export const PLAYER_COUNTERS = [
  'image_generated',
  'total_fav',
  'approved_reports',
  'scroll',
  'daily_quests',
  'upscales',
] as const satisfies readonly PlayerCounter[];

/** A player's progress, as stored. */
export interface PlayerProgress {
  level: number;
  xpProgress: number;
  xpTotal: number;
  dailyStreak: number;
  dailyStreakBest: number;
  /** The UTC day (YYYY-MM-DD) the streak last counted. */
  lastStreakDay: string | null;
  counters: Readonly<Record<PlayerCounter, number>>;
}

/** What one domain event does to a player. */
export interface ProgressChange {
  /** Counters to raise, by how much. */
  counters?: Partial<Record<PlayerCounter, number>>;
  /** XP earned, from one source (capped per UTC day by the source's group). */
  xp?: { source: XpSource; milestones?: number };
  /** A UTC day the user was active: the streak advances (once per day). */
  streakDay?: string;
}

/** A notification the change produces (the caller stores it, keyed by `dedupeKey`). */
export interface ProgressNotification {
  type: NotificationType;
  dedupeKey: string;
  data: Record<string, number>;
  xpGain: number | null;
  /** Paid when the user claims it. */
  rewardTokens: number;
}

export interface ProgressOutcome {
  player: PlayerProgress;
  /** All XP added (the source's, capped, plus the streak day's). */
  xpGained: number;
  /** The capped group the source's XP counts against, and how much it added to it today. */
  cappedXp: { group: XpCapGroup; xp: number } | null;
  levelsReached: number[];
  achievements: Achievement[];
  notifications: ProgressNotification[];
}

export interface ProgressInput {
  player: PlayerProgress;
  change: ProgressChange;
  /** XP already earned today in the source's cap group (0 when it has none). */
  earnedToday: number;
  /** Achievement ids the user has unlocked. */
  unlocked: ReadonlySet<number>;
}

export const DEFAULT_PLAYER_PROGRESS: PlayerProgress = {
  level: 1,
  xpProgress: 0,
  xpTotal: 0,
  dailyStreak: 0,
  dailyStreakBest: 0,
  lastStreakDay: null,
  counters: {
    image_generated: 0,
    total_fav: 0,
    approved_reports: 0,
    scroll: 0,
    daily_quests: 0,
    upscales: 0,
  },
};

/**
 * The XP source of a change: the one it names, or the scroll milestones its scroll count crosses (every
 * SCROLL_MILESTONE images viewed). The caller reads the day's XP of the source's cap group with it.
 */
export function xpSourceOf(
  player: PlayerProgress,
  change: ProgressChange,
): { source: XpSource; milestones?: number } | undefined {
  if (change.xp) return change.xp;
  const scrolled = Math.max(0, change.counters?.scroll ?? 0);
  const milestones = scrollMilestonesCrossed(player.counters.scroll, player.counters.scroll + scrolled);
  return milestones > 0 ? { source: 'scroll', milestones } : undefined;
}

/**
 * Applies one event to a player (the player projector, apps/api/src/features/player): counters, the
 * streak, XP with its daily cap, levels (several at once when the XP is enough), and the achievements the
 * new numbers reach. Level-ups and achievements become notifications whose reward tokens are paid when the
 * user claims them (docs/product/player.md).
 */
export function applyProgress({ player, change, earnedToday, unlocked }: ProgressInput): ProgressOutcome {
  const counters = { ...player.counters };
  for (const counter of PLAYER_COUNTERS) counters[counter] += Math.max(0, change.counters?.[counter] ?? 0);
  const notifications: ProgressNotification[] = [];

  let streak = { lastDay: player.lastStreakDay, streak: player.dailyStreak, best: player.dailyStreakBest };
  let streakXp = 0;
  if (change.streakDay) {
    const day = change.streakDay;
    const outcome = advanceStreak(streak, day);
    streak = outcome.state;
    if (outcome.lost > 0) {
      notifications.push({
        type: 'daily_loss',
        dedupeKey: `daily_loss:${day}`,
        data: { streak: outcome.lost },
        xpGain: null,
        rewardTokens: 0,
      });
    }
    if (outcome.counted) {
      streakXp = xpFor('daily_streak', { streak: streak.streak });
      notifications.push({
        type: 'daily',
        dedupeKey: `daily:${day}`,
        data: { streak: streak.streak },
        xpGain: streakXp,
        rewardTokens: 0,
      });
    }
  }

  let sourceXp = 0;
  let capped: ProgressOutcome['cappedXp'] = null;
  const xpSource = xpSourceOf(player, change);
  if (xpSource) {
    const requested = xpFor(xpSource.source, { milestones: xpSource.milestones });
    const group = xpRule(xpSource.source).capGroup;
    sourceXp = group ? cappedXp(requested, earnedToday, XP_CAPS[group]) : requested;
    if (group && sourceXp > 0) capped = { group, xp: sourceXp };
  }

  const xpGained = sourceXp + streakXp;
  const levels = addXp({ level: player.level, xpProgress: player.xpProgress }, xpGained);
  for (const level of levels.levelsReached) {
    notifications.push({
      type: 'level_up',
      dedupeKey: `level_up:${level}`,
      data: { level },
      xpGain: null,
      rewardTokens: levelUpRewardTokens(level),
    });
  }

  const next: PlayerProgress = {
    level: levels.level,
    xpProgress: levels.xpProgress,
    xpTotal: player.xpTotal + xpGained,
    dailyStreak: streak.streak,
    dailyStreakBest: streak.best,
    lastStreakDay: streak.lastDay,
    counters,
  };
  const achievements = newlyReached(
    { ...counters, level: next.level, daily_streak_best: next.dailyStreakBest },
    unlocked,
  );
  for (const achievement of achievements) {
    notifications.push({
      type: 'achievement',
      dedupeKey: `achievement:${achievement.id}`,
      data: { achievement: achievement.id },
      xpGain: null,
      rewardTokens: achievement.rewardTokens,
    });
  }
  return {
    player: next,
    xpGained,
    cappedXp: capped,
    levelsReached: levels.levelsReached,
    achievements,
    notifications,
  };
}
