import {
  achievementById,
  canWearTitle,
  DAILY_QUEST,
  dailyQuestSecondsLeft,
  dailyQuestState,
  EQUIP_SLOT,
  equip,
  rewardById,
  tierName,
  utcDay,
  type EquipSlot,
  type RewardType,
} from '@mirage/domain';
import { AppError } from '../../errors.ts';
import type { PlayerActionsRepository } from './actions-repository.ts';
import type { PlayerRepository } from './repository.ts';
import { equippedView, type PlayerService } from './service.ts';

/** How long the landing page's image count is kept before it is counted again. */
const IMAGE_COUNT_TTL_MS = 60_000;

/** Buying and wearing cosmetics, titles, the daily quest, scroll counting and public profiles. */
export function createPlayerActionsService(deps: {
  actions: PlayerActionsRepository;
  players: PlayerRepository;
  player: PlayerService;
  now: () => Date;
}) {
  const { actions, players } = deps;
  let imageCount: { value: number; at: number } | undefined;

  function questView(row: { daily_quest_day: string | null; daily_quest_opened_at: Date | null }) {
    const now = deps.now();
    const state = dailyQuestState({
      openedAt: row.daily_quest_opened_at,
      completedDay: row.daily_quest_day,
      now,
    });
    const secondsLeft =
      state === 'waiting' && row.daily_quest_opened_at
        ? dailyQuestSecondsLeft(row.daily_quest_opened_at, now)
        : 0;
    return { state, seconds_left: secondsLeft, tickets: DAILY_QUEST.tickets };
  }

  async function questRow(userId: number) {
    const row = await actions.dailyQuest(userId);
    if (!row) throw new AppError('token_invalid');
    return row;
  }

  return {
    async unlockReward(userId: number, type: RewardType, id: number) {
      const reward = rewardById(id);
      if (!reward || reward.type !== type) throw new AppError('reward_not_found');
      if (reward.isDefault) throw new AppError('reward_already_unlocked');
      const result = await actions.unlockReward(userId, reward);
      if (result.outcome === 'owned') throw new AppError('reward_already_unlocked');
      return {
        ok: true as const,
        item: { id, type, key: reward.key, price: reward.price, consumed: true, data: reward.data },
        reward_tokens: result.balance,
      };
    },

    async equip(userId: number, itemIds: readonly number[]) {
      const me = await deps.player.me(userId);
      const owned = await players.rewards(userId);
      const result = equip(me.equipped, itemIds, owned);
      if (!result.ok) throw new AppError(result.reason);
      const slots: Partial<Record<EquipSlot, number>> = {};
      for (const id of itemIds) slots[EQUIP_SLOT[rewardById(id)!.type]] = id;
      await actions.equip(userId, slots);
      return deps.player.me(userId);
    },

    async setTitle(userId: number, achievementId: number) {
      const title = achievementId === 0 ? null : achievementId;
      const unlocked = new Set((await players.achievements(userId)).keys());
      if (!canWearTitle(title, unlocked)) throw new AppError('achievement_locked');
      await actions.setTitle(userId, title);
      return deps.player.me(userId);
    },

    async publicProfile(userId: number) {
      const row = await actions.publicPlayer(userId);
      if (!row) throw new AppError('not_found');
      return {
        user_id: row.id,
        username: row.username,
        level: row.level ?? 1,
        title: row.title_achievement_id ?? null,
        daily_streak: row.daily_streak ?? 0,
        daily_streak_best: row.daily_streak_best ?? 0,
        approved_reports: row.approved_reports ?? 0,
        scroll: row.scroll ?? 0,
        total_fav: row.total_fav ?? 0,
        image_generated: row.image_generated ?? 0,
        equipped: equippedView({
          animation: row.equipped_animation ?? null,
          style: row.equipped_style ?? null,
          color: row.equipped_color ?? null,
          profile_pic: row.equipped_profile_pic ?? null,
        }),
      };
    },

    async publicAchievements(userId: number) {
      if (!(await actions.publicPlayer(userId))) throw new AppError('not_found');
      const unlocked = await players.achievements(userId);
      return [...unlocked]
        .flatMap(([id, at]) => {
          const achievement = achievementById(id);
          return achievement ? [{ achievement, at }] : [];
        })
        .sort((a, b) => a.achievement.id - b.achievement.id)
        .map(({ achievement, at }) => ({
          id: achievement.id,
          key: achievement.key,
          tier: achievement.tier,
          tier_name: tierName(achievement.tier),
          unlocked_at: at.toISOString(),
        }));
    },

    async dailyQuest(userId: number) {
      return questView(await questRow(userId));
    },

    async openDailyQuest(userId: number) {
      const now = deps.now();
      if (questView(await questRow(userId)).state === 'done') throw new AppError('daily_quest_done');
      await actions.openDailyQuest(userId, now, utcDay(now));
      return questView(await questRow(userId));
    },

    async completeDailyQuest(userId: number) {
      const now = deps.now();
      const balance = await actions.completeDailyQuest(userId, utcDay(now), DAILY_QUEST.tickets, (row) => {
        const state = dailyQuestState({ openedAt: row.openedAt, completedDay: row.day, now });
        if (state === 'done') throw new AppError('daily_quest_done');
        if (state === 'open') throw new AppError('daily_quest_not_opened');
        if (state === 'waiting') {
          throw new AppError('daily_quest_too_early', {
            seconds_left: dailyQuestSecondsLeft(row.openedAt!, now),
          });
        }
      });
      return { ok: true as const, tickets: DAILY_QUEST.tickets, generation_token: balance };
    },

    async countScroll(userId: number, uuids: readonly string[]) {
      return { counted: await actions.countScroll(userId, [...new Set(uuids)], utcDay(deps.now())) };
    },

    async imageCount() {
      const now = Date.now();
      if (!imageCount || now - imageCount.at > IMAGE_COUNT_TTL_MS) {
        imageCount = { value: await actions.imageCount(), at: now };
      }
      return { count: imageCount.value };
    },

    /** Hourly maintenance: past days' scroll rows, and the ids of events the outbox has purged. */
    async housekeeping() {
      await actions.forgetScrollBefore(utcDay(deps.now()));
      await actions.forgetPurgedEvents();
    },
  };
}
export type PlayerActionsService = ReturnType<typeof createPlayerActionsService>;
