import {
  ACHIEVEMENTS,
  DEFAULT_EQUIPPED,
  DEFAULT_PLAYER_PROGRESS,
  EQUIP_SLOT,
  BELL_NOTIFICATION_TYPES,
  NOTIFICATION_PRUNE_BATCH,
  NOTIFICATION_PRUNE_MAX_BATCHES,
  notificationRetentionCutoffs,
  REWARDS,
  requiredXp,
  rewardById,
  type EquipSlot,
  type NotificationType,
} from '@mirage/domain';
import { AppError } from '../../errors.ts';
import type { NotificationRow, PlayerRepository } from './repository.ts';

/** The equipped reward of each slot: the chosen one if it still exists, else the slot's default. */
export function equippedView(chosen: Record<EquipSlot, number | null>) {
  const view = { ...DEFAULT_EQUIPPED };
  for (const slot of Object.keys(chosen) as EquipSlot[]) {
    const reward = chosen[slot] === null ? undefined : rewardById(chosen[slot]);
    if (reward && EQUIP_SLOT[reward.type] === slot) view[slot] = { id: reward.id, data: reward.data };
  }
  return view;
}

function notificationView(row: NotificationRow) {
  const number = (key: string) => (typeof row.data[key] === 'number' ? row.data[key] : null);
  return {
    id: row.id,
    type: row.type,
    key: `notifications.${row.type}`,
    new: !row.consumed,
    consumed: row.consumed,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    // A reward to claim: the client shows the claim button and claims by consuming the notification.
    action: row.rewardTokens > 0 && !row.consumed ? ('claim' as const) : null,
    xp_gain: row.xpGain,
    reward_tokens: row.rewardTokens,
    level: number('level'),
    daily_streak: number('streak'),
    achievement_id: number('achievement'),
    report_id: number('report'),
    tickets: number('tickets'),
  };
}

/** XP, levels, achievements, cosmetics and the bell of the signed-in user (docs/product/player.md). */
export function createPlayerService(deps: { players: PlayerRepository; now: () => Date }) {
  const { players } = deps;

  return {
    async me(userId: number) {
      const [row, rewardTokens] = await Promise.all([
        players.findPlayer(userId),
        players.rewardTokens(userId),
      ]);
      const progress = row ?? {
        level: DEFAULT_PLAYER_PROGRESS.level,
        xp_progress: 0,
        xp_total: 0,
        daily_streak: 0,
        daily_streak_best: 0,
        approved_reports: 0,
        scroll: 0,
        total_fav: 0,
        image_generated: 0,
        title_achievement_id: null,
        equipped_animation: null,
        equipped_style: null,
        equipped_color: null,
        equipped_profile_pic: null,
      };
      return {
        id: userId,
        user_id: userId,
        level: progress.level,
        xp_progress: progress.xp_progress,
        xp_required: requiredXp(progress.level),
        xp_total: progress.xp_total,
        daily_streak: progress.daily_streak,
        daily_streak_best: progress.daily_streak_best,
        approved_reports: progress.approved_reports,
        scroll: progress.scroll,
        total_fav: progress.total_fav,
        image_generated: progress.image_generated,
        reward_tokens: rewardTokens,
        title: progress.title_achievement_id,
        equipped: equippedView({
          animation: progress.equipped_animation,
          style: progress.equipped_style,
          color: progress.equipped_color,
          profile_pic: progress.equipped_profile_pic,
        }),
      };
    },

    /** The whole catalogue, each with whether (and when) the user unlocked it. */
    async achievements(userId: number) {
      const unlocked = await players.achievements(userId);
      return ACHIEVEMENTS.map((achievement) => ({
        id: achievement.id,
        key: achievement.key,
        metric: achievement.metric,
        threshold: achievement.threshold,
        tier: achievement.tier,
        reward_tokens: achievement.rewardTokens,
        unlocked: unlocked.has(achievement.id),
        unlocked_at: unlocked.get(achievement.id)?.toISOString() ?? null,
      }));
    },

    /** Every cosmetic: `consumed` when the user owns it (defaults always), `data` only then (spec §3). */
    async items(userId: number) {
      const owned = await players.rewards(userId);
      return REWARDS.map((reward) => {
        const has = reward.isDefault || owned.has(reward.id);
        return {
          id: reward.id,
          type: reward.type,
          key: reward.key,
          price: reward.price,
          consumed: has,
          data: has ? reward.data : null,
        };
      });
    },

    async notifications(userId: number, query: { page: number; size: number; scopes: NotificationType[] }) {
      const scopes =
        query.scopes.length > 0
          ? query.scopes.filter((t) => BELL_NOTIFICATION_TYPES.includes(t))
          : BELL_NOTIFICATION_TYPES;
      const offset = query.page * query.size;
      const [{ rows, total }, counts] = await Promise.all([
        players.notifications(userId, scopes, { offset, limit: query.size }),
        players.counts(userId, BELL_NOTIFICATION_TYPES),
      ]);
      return {
        answer: {
          items: rows.map(notificationView),
          page: query.page,
          pages: Math.ceil(total / query.size),
        },
        counts,
      };
    },

    async consumeOne(userId: number, id: number) {
      const outcome = await players.consume(userId, { id }, deps.now());
      if (outcome.consumed === 0 && !(await players.hasNotification(userId, id)))
        throw new AppError('not_found');
      return { ...outcome, counts: await players.counts(userId, BELL_NOTIFICATION_TYPES) };
    },

    async consumeAll(userId: number, type: NotificationType) {
      const outcome = await players.consume(userId, { type }, deps.now());
      return { ...outcome, counts: await players.counts(userId, BELL_NOTIFICATION_TYPES) };
    },

    /**
     * Hourly maintenance: deletes the notifications past their retention, NOTIFICATION_PRUNE_BATCH rows a
     * statement (each its own short transaction) and at most NOTIFICATION_PRUNE_MAX_BATCHES statements a
     * run; a larger backlog goes over the next runs. Returns how many went.
     */
    async pruneNotifications(): Promise<number> {
      const cutoffs = notificationRetentionCutoffs(deps.now());
      let deleted = 0;
      for (let batch = 0; batch < NOTIFICATION_PRUNE_MAX_BATCHES; batch += 1) {
        const gone = await players.deleteExpiredNotifications(cutoffs, NOTIFICATION_PRUNE_BATCH);
        deleted += gone;
        if (gone < NOTIFICATION_PRUNE_BATCH) break;
      }
      return deleted;
    },
  };
}
export type PlayerService = ReturnType<typeof createPlayerService>;
